import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, DRIVERS, type TestApp, useTestApp } from '../../../test/test-app';
import { importKnowledgeBooks, knowledgeBookSchema, loadShippedKnowledgeBooks } from './index';

/*
 * The shipped knowledge books (our own texts): every file passes the format, all three books
 * are there, and importing them fills a school's books once, readable through the API.
 */

describe('the shipped knowledge books', () => {
  it('are the three books, each with chapters of pages in the format', () => {
    const books = loadShippedKnowledgeBooks();
    expect(books.map((book) => book.bookId).sort()).toEqual([59, 60, 61]);
    for (const book of books) {
      expect(knowledgeBookSchema.safeParse(book).success).toBe(true);
      expect(book.chapters.flatMap((chapter) => chapter.pages).length).toBeGreaterThanOrEqual(7);
    }
    const base = books.find((book) => book.bookId === 59);
    expect(base?.chapters.length).toBe(8);
  });

  it('refuse a page with a script, an attribute or too little text', () => {
    const page = (html: string) => ({
      format: 'fahrwerk-knowledge-book/1',
      bookId: 59,
      title: 'Basiswissen',
      licence: 'CC BY 4.0',
      chapters: [{ title: 'Kapitel', pages: [{ title: 'Seite', html }] }],
    });
    const long = 'Vorsicht und Rücksicht im Straßenverkehr. '.repeat(12);
    expect(knowledgeBookSchema.safeParse(page(`<p>${long}</p>`)).success).toBe(true);
    expect(knowledgeBookSchema.safeParse(page(`<p>${long}</p><script>x()</script>`)).success).toBe(
      false,
    );
    expect(knowledgeBookSchema.safeParse(page(`<p class="x">${long}</p>`)).success).toBe(false);
    expect(knowledgeBookSchema.safeParse(page('<p>Zu kurz.</p>')).success).toBe(false);
  });
});

describe.each(DRIVERS)('importing the knowledge books (%s)', (driver) => {
  const t: TestApp = useTestApp(driver);

  it('fills the books a school has none of, once, and the API reads them', async () => {
    const books = loadShippedKnowledgeBooks();
    const pages = (id: number) =>
      books.find((book) => book.bookId === id)?.chapters.flatMap((chapter) => chapter.pages).length;
    const added = await importKnowledgeBooks(t.database.db, t.demo.schoolId);
    expect(added).toEqual({ 59: pages(59), 60: pages(60), 61: pages(61) });
    expect(await importKnowledgeBooks(t.database.db, t.demo.schoolId)).toEqual({});

    const owner = await t.signIn(DEMO_OWNER.email, DEMO_OWNER.password);
    const book = await t.call<{
      title: string;
      chapters: { title: string; pages: { id: number }[] }[];
    }>('GET', '/wiki-drive-buzz/books/59', { token: owner });
    expect(book.status, book.raw).toBe(200);
    expect(book.body.title).toBe('Basiswissen');
    expect(book.body.chapters.map((chapter) => chapter.title)).toEqual(
      books.find((b) => b.bookId === 59)?.chapters.map((chapter) => chapter.title),
    );
    const first = book.body.chapters[0]?.pages[0]?.id;
    const html = await t.call('GET', `/wiki-drive-buzz/pages/${first}/html`, { token: owner });
    expect(html.status, html.raw).toBe(200);
    expect(html.raw).toMatch(/^<(p|h3|h4|ul|ol|table)>/);
  });
});
