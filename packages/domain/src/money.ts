/** Money is kept in integer paise in the database and spoken in rupees by the API and the screens. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;
