// Where the API serves an order's GST documents as PDF (apps/server plugins/documents.ts); the order
// view answers these links and the storefront builds the same ones for My Orders.
export const invoicePdfPath = (productOrderId: string): string => `/api/v1/orders/${encodeURIComponent(productOrderId)}/invoice.pdf`;

export const creditNotePdfPath = (productOrderId: string, creditNoteNumber: string): string =>
  `/api/v1/orders/${encodeURIComponent(productOrderId)}/credit-notes/${encodeURIComponent(creditNoteNumber)}.pdf`;
