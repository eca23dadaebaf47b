export const SITE = "Clean Store";
export const pageTitle = (what: string) => `${what} | ${SITE}`;
