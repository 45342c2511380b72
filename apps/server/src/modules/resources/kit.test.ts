import { describe, expect, it } from 'vitest';
import type { OperationHandlers } from '../../http/operation-types';
import { implementedOperationIds } from '../handlers';
import { mergeHandlers } from './kit';

const answer = async () => ({ status: 200 as const, body: [] });

describe('mergeHandlers', () => {
  it('joins handler maps of different operations', () => {
    const merged = mergeHandlers({ listBranches: answer }, { listVehicles: answer });
    expect(Object.keys(merged)).toEqual(['listBranches', 'listVehicles']);
  });

  it('fails when two maps answer the same operation, naming it', () => {
    const generic: OperationHandlers = { listBranches: answer, listVehicles: answer };
    const custom: OperationHandlers = { listVehicles: answer };
    expect(() => mergeHandlers(generic, custom)).toThrow(
      'Two handlers are registered for the operation listVehicles.',
    );
  });

  it("builds the server's handlers without an operation answered twice", () => {
    expect(implementedOperationIds().length).toBeGreaterThan(300);
  });
});
