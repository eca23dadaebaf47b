// How a pack is named wherever a line names it (cart, order, invoice, mail): "Floor Shine – 500 ml".
export const packName = (productName: string, label: string | null | undefined): string => (label ? `${productName} – ${label}` : productName);
