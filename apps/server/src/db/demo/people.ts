import type { DemoContext } from './context';

/** The people area's part of the demo school; answers how many rows it created, by table. */
export async function seedPeople(_context: DemoContext): Promise<Record<string, number>> {
  return {};
}
