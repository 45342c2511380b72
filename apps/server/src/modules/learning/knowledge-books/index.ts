import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/database';
import { knowledgeBookPages } from '../../../db/schema';
import { KNOWLEDGE_BOOK_TITLES, sanitizeBookPage } from '../learning.resources';

/*
 * The knowledge books that ship with Fahrwerk (59 Basiswissen, 60 Zusatzwissen Klasse B,
 * 61 Zusatzwissen Klasse A): our own short texts per chapter, CC BY 4.0, one JSON file per
 * book beside this module (format `fahrwerk-knowledge-book/1`). A school that has pages of a
 * book keeps them; the shipped pages fill only books a school has none of.
 */

export const KNOWLEDGE_BOOK_FORMAT = 'fahrwerk-knowledge-book/1';

/** The tags a page may use; no attributes at all (checked against the sanitised HTML too). */
const ALLOWED_TAGS = new Set([
  'p',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'br',
]);

const title = z.string().min(3).max(120);
const pageSchema = z.strictObject({
  title,
  html: z
    .string()
    .min(400)
    .max(4000)
    .refine(
      (html) =>
        [...html.matchAll(/<\/?([a-z0-9]+)([^>]*)>/gi)].every(
          ([, tag, attributes]) =>
            ALLOWED_TAGS.has(String(tag).toLowerCase()) &&
            !String(attributes).trim().replace(/\/$/, ''),
        ),
      'Nur p, h3, h4, Listen, Tabellen, strong, em, blockquote und br, ohne Attribute.',
    ),
});
export const knowledgeBookSchema = z.strictObject({
  format: z.literal(KNOWLEDGE_BOOK_FORMAT),
  bookId: z.union([z.literal(59), z.literal(60), z.literal(61)]),
  title: z.string().min(3).max(120),
  licence: z.string().min(3).max(200),
  chapters: z
    .array(z.strictObject({ title, pages: z.array(pageSchema).min(1).max(50) }))
    .min(1)
    .max(50),
});
export type KnowledgeBook = z.infer<typeof knowledgeBookSchema>;

const DIR = path.dirname(fileURLToPath(import.meta.url));
let shipped: KnowledgeBook[] | undefined;

/** The shipped books, validated (a broken file fails loudly, naming the file). Read once. */
export function loadShippedKnowledgeBooks(): KnowledgeBook[] {
  shipped ??= readdirSync(DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = knowledgeBookSchema.safeParse(
        JSON.parse(readFileSync(path.join(DIR, name), 'utf8')),
      );
      if (!parsed.success) {
        throw new Error(`${name}: ${z.prettifyError(parsed.error)}`);
      }
      if (KNOWLEDGE_BOOK_TITLES[parsed.data.bookId] === undefined) {
        throw new Error(`${name}: unknown book ${parsed.data.bookId}`);
      }
      return parsed.data;
    });
  return shipped;
}

/**
 * Puts the books' pages into a school, in one transaction, for every book the school has no
 * pages of; answers how many pages were added per book.
 */
export async function importKnowledgeBooks(
  db: Db,
  schoolId: number,
  books: KnowledgeBook[] = loadShippedKnowledgeBooks(),
): Promise<Record<number, number>> {
  return db.transaction(async (tx) => {
    const present = new Set(
      (
        await tx
          .selectDistinct({ bookId: knowledgeBookPages.bookId })
          .from(knowledgeBookPages)
          .where(
            and(
              eq(knowledgeBookPages.drivingSchoolId, schoolId),
              inArray(
                knowledgeBookPages.bookId,
                books.map((book) => book.bookId),
              ),
            ),
          )
      ).map((row) => row.bookId),
    );
    const added: Record<number, number> = {};
    for (const book of books) {
      if (present.has(book.bookId)) continue;
      const rows = book.chapters.flatMap((chapter, chapterIndex) =>
        chapter.pages.map((page, pageIndex) => ({
          drivingSchoolId: schoolId,
          bookId: book.bookId,
          chapterTitle: chapter.title,
          chapterPosition: chapterIndex + 1,
          position: pageIndex + 1,
          title: page.title,
          html: sanitizeBookPage(page.html),
        })),
      );
      if (rows.length > 0) await tx.insert(knowledgeBookPages).values(rows);
      added[book.bookId] = rows.length;
    }
    return added;
  });
}
