// MSW handlers of the invoices package's stories (filled by the screens' authors).
export const invoicesHandlers = [];
