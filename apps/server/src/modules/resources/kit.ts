import type { OperationHandler, OperationHandlers, OperationId } from '../../http/operation-types';

/*
 * The one kit the domain modules share: typed handler maps, DTO helpers, batched look-ups
 * and the write helpers on top of the generic resource layer (`resource-handlers.ts`).
 */

/** The handlers of some operations, each typed by its operation in the contract. */
export type HandlerMap<K extends OperationId> = { [P in K]: OperationHandler<P> };

/**
 * A domain's hand-written handlers, typed per operation (request, answer) like
 * `Pick<OperationHandlers, …>`, with the operation names read from the map itself.
 */
export const handlers = <K extends OperationId>(map: HandlerMap<K>): HandlerMap<K> => map;

/**
 * Handler maps joined into one. An operationId that two maps answer is a programming error
 * (one of them would be shadowed silently), so it fails at start, naming the operation.
 */
export function mergeHandlers(...maps: OperationHandlers[]): OperationHandlers {
  const merged: OperationHandlers = {};
  for (const map of maps) {
    for (const [operationId, handler] of Object.entries(map)) {
      if (handler === undefined) continue;
      if (operationId in merged) {
        throw new Error(`Two handlers are registered for the operation ${operationId}.`);
      }
      Object.assign(merged, { [operationId]: handler });
    }
  }
  return merged;
}
