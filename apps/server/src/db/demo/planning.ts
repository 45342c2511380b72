import type { DemoContext } from './context';

/** The planning area's part of the demo school; answers how many rows it created, by table. */
export async function seedPlanning(_context: DemoContext): Promise<Record<string, number>> {
  return {};
}
