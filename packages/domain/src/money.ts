/** Money is kept in integer paise in the database and spoken in rupees by the API and the screens. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

const inr = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" });
/** ₹1,23,456.50 from paise, for messages */
export const formatRupees = (paise: number): string => inr.format(paise / 100);
