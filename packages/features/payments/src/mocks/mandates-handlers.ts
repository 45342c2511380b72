export const mandatesHandlers = [];
