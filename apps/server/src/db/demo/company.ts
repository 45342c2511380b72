import type { DemoContext } from './context';

/** The company area's part of the demo school; answers how many rows it created, by table. */
export async function seedCompany(_context: DemoContext): Promise<Record<string, number>> {
  return {};
}
