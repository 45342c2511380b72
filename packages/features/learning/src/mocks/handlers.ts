export const learningHandlers = [];
