import type { DemoContext } from './context';

/** The money area's part of the demo school; answers how many rows it created, by table. */
export async function seedMoney(_context: DemoContext): Promise<Record<string, number>> {
  return {};
}
