import { z } from 'zod';

/*
 * The question-set file format, version 1 (README.md beside this file): a zod schema for the
 * shape of one file, and the rules across its fields (subcategories listed with their
 * parents, unique numbers, three answers with one to three correct ones, …).
 * `validateQuestionSet` reports every problem at once, in German, each with its JSON path.
 */

export const QUESTION_SET_FORMAT = 'fahrwerk-theory-questions/1';

/** The classes a question may name (the learning app's classes; a subset of LICENSE_CLASSES). */
export const QUESTION_LICENSE_CLASSES = ['A', 'A1', 'A2', 'AM', 'B', 'BE', 'B96', 'B197'] as const;

/** `YYYY-MM` or `YYYY-MM-DD`, a real month (and day). */
export const CATALOGUE_VERSION = /^[0-9]{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?$/;
/** Part `1`/`2`, category `1.1`, subcategory `1.1.01`. */
const CHAPTER_NUMBER = /^[12](\.[0-9]{1,2}(\.[0-9]{2})?)?$/;
/**
 * `<subcategory>-NNN`; a licensed official catalogue may mark variants with a letter
 * (`-M`), as the database and the API allow.
 */
const QUESTION_NUMBER = /^([12]\.[0-9]{1,2}\.[0-9]{2})-[0-9]{3}(-[A-Z])?$/;

/** A text of `min` to `max` characters, with a German message naming what it is. */
const text = (label: string, min: number, max: number) =>
  z
    .string()
    .min(min, {
      error: (issue) =>
        `${label}: ${min} bis ${max} Zeichen erwartet, gefunden: ${String(issue.input).length}`,
    })
    .max(max, {
      error: (issue) =>
        `${label}: ${min} bis ${max} Zeichen erwartet, gefunden: ${String(issue.input).length}`,
    });

const answerSchema = z.strictObject({
  text: text('Antworttext', 1, 300),
  correct: z.boolean(),
});

const numberSchema = z.strictObject({
  value: z.number().refine((value) => Number.isFinite(value) && Math.abs(value) < 1e9, {
    error: 'Zahl außerhalb des erlaubten Bereichs',
  }),
  unit: text('Einheit', 1, 20).optional(),
});

const questionSchema = z.strictObject({
  officialNumber: z.string().regex(QUESTION_NUMBER, {
    error: (issue) =>
      `Fragenummer „${String(issue.input)}“ hat nicht die Form <Unterkapitel>-NNN (z. B. 1.1.01-001)`,
  }),
  points: z
    .number()
    .int({ error: (issue) => `Punkte: ganze Zahl von 2 bis 5 erwartet, gefunden: ${issue.input}` })
    .min(2, { error: (issue) => `Punkte: 2 bis 5 erwartet, gefunden: ${issue.input}` })
    .max(5, { error: (issue) => `Punkte: 2 bis 5 erwartet, gefunden: ${issue.input}` }),
  licenseClasses: z
    .array(
      z.enum(QUESTION_LICENSE_CLASSES, {
        error: (issue) =>
          `Klasse „${String(issue.input)}“ ist nicht erlaubt (erlaubt: ${QUESTION_LICENSE_CLASSES.join(', ')})`,
      }),
    )
    .optional(),
  text: text('Fragetext', 10, 500),
  answers: z.array(answerSchema).optional(),
  number: numberSchema.optional(),
  explanation: text('Erklärung', 20, 2000).optional(),
  imageUrl: z
    .string()
    .max(2000, { error: 'Bildadresse: höchstens 2000 Zeichen' })
    .refine((url) => isHttpsUrl(url), { error: 'Bildadresse: https-Adresse erwartet' })
    .optional(),
});

const chapterSchema = z.strictObject({
  officialNumber: z.string().regex(CHAPTER_NUMBER, {
    error: (issue) =>
      `Kapitelnummer „${String(issue.input)}“ hat nicht die Form 1, 1.1 oder 1.1.01 (Teil 1 oder 2)`,
  }),
  name: text('Kapitelname', 1, 200),
});

/** The shape of one question-set file (the rules across fields: `validateQuestionSet`). */
export const questionSetSchema = z.strictObject({
  format: z.literal(QUESTION_SET_FORMAT, {
    error: (issue) =>
      `Format „${String(issue.input)}“ unbekannt, erwartet: „${QUESTION_SET_FORMAT}“`,
  }),
  catalogueVersion: z.string().regex(CATALOGUE_VERSION, {
    error: (issue) =>
      `Katalogversion „${String(issue.input)}“ hat nicht die Form JJJJ-MM oder JJJJ-MM-TT`,
  }),
  title: text('Titel', 1, 200),
  licence: text('Lizenz', 1, 500),
  chapters: z.array(chapterSchema).min(1, { error: 'Keine Kapitel angegeben' }),
  questions: z.array(questionSchema).min(1, { error: 'Keine Fragen angegeben' }),
});

export type QuestionSet = z.infer<typeof questionSetSchema>;
export type QuestionSetQuestion = QuestionSet['questions'][number];
export type QuestionSetProblem = { path: string; message: string };
export type QuestionSetResult =
  | { ok: true; set: QuestionSet }
  | { ok: false; errors: QuestionSetProblem[] };

function isHttpsUrl(url: string): boolean {
  if (!/^https:\/\/\S+$/.test(url)) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** `$.questions[3].answers[0].text` */
export function jsonPath(path: readonly PropertyKey[]): string {
  return `$${path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('')}`;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'Text',
  number: 'Zahl',
  boolean: 'true oder false',
  array: 'Liste',
  object: 'Objekt',
};

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'Liste';
  return TYPE_NAMES[typeof value] ?? typeof value;
}

/** German messages for what the schema's own checks leave to zod (types, unknown fields). */
const zodMessage: z.core.$ZodErrorMap = (issue) => {
  const field = issue.path?.at(-1);
  const name = typeof field === 'string' ? `„${field}“` : 'Eintrag';
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? `Pflichtfeld ${name} fehlt`
        : `${name}: ${TYPE_NAMES[issue.expected] ?? issue.expected} erwartet, gefunden: ${typeOf(issue.input)}`;
    case 'unrecognized_keys':
      return `Unbekannte${issue.keys.length > 1 ? ' Felder' : 's Feld'} ${issue.keys
        .map((key) => `„${key}“`)
        .join(', ')}`;
    default:
      return `${name}: ungültiger Wert`;
  }
};

const record = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The label messages about a question or chapter start with. */
function subjectOf(input: unknown, path: readonly PropertyKey[]): string {
  const [area, index] = path;
  if (typeof index !== 'number') return '';
  const entry = record(list(record(input)?.[String(area)])[index]);
  const number = str(entry?.officialNumber);
  if (area === 'questions') return number ? `Frage ${number}: ` : `Frage Nr. ${index + 1}: `;
  if (area === 'chapters') return number ? `Kapitel ${number}: ` : `Kapitel Nr. ${index + 1}: `;
  return '';
}

/** The number's decimals beyond the second (0.125 has one too many). */
const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 * Math.max(1, Math.abs(value));

/** The part (`1`, `2`) and category (`1.1`) of a subcategory or category number. */
const parentsOf = (chapter: string) => {
  const parts = chapter.split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('.'));
};

/**
 * The rules across fields, checked on whatever of the input has the right shape, so that
 * they are reported together with the shape's problems.
 */
function crossFieldProblems(input: unknown): QuestionSetProblem[] {
  const problems: QuestionSetProblem[] = [];
  const add = (path: PropertyKey[], message: string) =>
    problems.push({ path: jsonPath(path), message: `${subjectOf(input, path)}${message}` });
  const root = record(input);
  if (!root) return problems;

  // Chapters: unique, and every category and subcategory with its parents listed.
  const chapters = new Map<string, number>();
  list(root.chapters).forEach((entry, index) => {
    const number = str(record(entry)?.officialNumber);
    if (number === undefined || !CHAPTER_NUMBER.test(number)) return;
    const first = chapters.get(number);
    if (first !== undefined) {
      add(['chapters', index, 'officialNumber'], `doppelt (schon an Stelle ${first + 1})`);
    } else {
      chapters.set(number, index);
    }
  });
  for (const [number, index] of chapters) {
    for (const parent of parentsOf(number)) {
      if (!chapters.has(parent)) {
        add(['chapters', index, 'officialNumber'], `übergeordnetes Kapitel ${parent} fehlt`);
      }
    }
  }

  const questions = new Map<string, number>();
  list(root.questions).forEach((entry, index) => {
    const question = record(entry);
    if (!question) return;
    const at = (...rest: PropertyKey[]) => ['questions', index, ...rest];

    const number = str(question.officialNumber);
    const subcategory = number ? QUESTION_NUMBER.exec(number)?.[1] : undefined;
    if (number !== undefined && subcategory) {
      const first = questions.get(number);
      if (first !== undefined) {
        add(at('officialNumber'), `Nummer doppelt (schon an Stelle ${first + 1})`);
      } else {
        questions.set(number, index);
      }
      if (!chapters.has(subcategory)) {
        add(
          at('officialNumber'),
          `Unterkapitel ${subcategory} ist nicht unter „chapters“ aufgeführt`,
        );
      }
    }

    // Part 1 is the basic syllabus of every class, part 2 the classes' additional one.
    const classes = list(question.licenseClasses);
    if (subcategory?.startsWith('1.') && classes.length > 0) {
      add(at('licenseClasses'), 'Grundstoff (Teil 1) gilt für alle Klassen: keine Klassen angeben');
    }
    if (subcategory?.startsWith('2.') && classes.length === 0) {
      add(at('licenseClasses'), 'Zusatzstoff (Teil 2): mindestens eine Klasse angeben');
    }
    const seenClasses = new Set<unknown>();
    classes.forEach((licenseClass, i) => {
      if (seenClasses.has(licenseClass)) {
        add(at('licenseClasses', i), `Klasse ${String(licenseClass)} doppelt angegeben`);
      }
      seenClasses.add(licenseClass);
    });

    const hasAnswers = question.answers !== undefined;
    const hasNumber = question.number !== undefined;
    if (hasAnswers && hasNumber) {
      add(at(), 'entweder „answers“ oder „number“ angeben, nicht beides');
    } else if (!hasAnswers && !hasNumber) {
      add(at(), 'weder „answers“ noch „number“ angegeben');
    }

    if (Array.isArray(question.answers)) {
      const answers = question.answers.map(record);
      if (answers.length !== 3) {
        add(at('answers'), `genau drei Antworten erwartet, gefunden: ${answers.length}`);
      }
      const correct = answers.filter((answer) => answer?.correct === true).length;
      if (answers.length > 0 && correct === 0) {
        add(at('answers'), 'mindestens eine Antwort muss richtig sein');
      }
      const texts = new Map<string, number>();
      answers.forEach((answer, i) => {
        const answerText = str(answer?.text);
        if (answerText === undefined) return;
        const key = answerText.trim().toLocaleLowerCase('de');
        const first = texts.get(key);
        if (first !== undefined) {
          add(at('answers', i, 'text'), `Antwort ${i + 1} wiederholt Antwort ${first + 1}`);
        } else {
          texts.set(key, i);
        }
      });
    }

    const value = record(question.number)?.value;
    if (typeof value === 'number' && Number.isFinite(value) && !hasAtMostTwoDecimals(value)) {
      add(at('number', 'value'), `die Zahl ${value} hat mehr als zwei Nachkommastellen`);
    }
  });
  return problems;
}

/**
 * Checks a parsed JSON file against the format: the shape and every rule across fields, all
 * problems at once, each with its JSON path and a German message.
 */
export function validateQuestionSet(json: unknown): QuestionSetResult {
  if (!record(json)) {
    return { ok: false, errors: [{ path: '$', message: 'Ein JSON-Objekt erwartet' }] };
  }
  const parsed = questionSetSchema.safeParse(json, { error: zodMessage });
  const problems: QuestionSetProblem[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        path: jsonPath(issue.path),
        message: `${subjectOf(json, issue.path)}${issue.message}`,
      }));
  problems.push(...crossFieldProblems(json));
  if (parsed.success && problems.length === 0) return { ok: true, set: parsed.data };
  // One message per place and text, in the order of the file.
  const seen = new Set<string>();
  return {
    ok: false,
    errors: problems
      .filter((problem) => {
        const key = `${problem.path}\n${problem.message}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => a.path.localeCompare(b.path, 'en', { numeric: true })),
  };
}

/**
 * The rules between files loaded together into one catalogue version: a question number
 * only once, a chapter under one name.
 */
export function crossSetProblems(
  sets: readonly { name: string; set: QuestionSet }[],
  catalogueVersion?: string,
): QuestionSetProblem[] {
  const problems: QuestionSetProblem[] = [];
  const questions = new Map<string, string>();
  const chapters = new Map<string, { name: string; file: string }>();
  for (const { name, set } of sets) {
    const version = catalogueVersion ?? set.catalogueVersion;
    set.questions.forEach((question, index) => {
      const key = `${version} ${question.officialNumber}`;
      const first = questions.get(key);
      if (first !== undefined) {
        problems.push({
          path: `${name}: ${jsonPath(['questions', index, 'officialNumber'])}`,
          message: `Frage ${question.officialNumber}: schon in ${first} (Version ${version})`,
        });
      } else {
        questions.set(key, name);
      }
    });
    set.chapters.forEach((chapter, index) => {
      const first = chapters.get(chapter.officialNumber);
      if (first && first.name !== chapter.name) {
        problems.push({
          path: `${name}: ${jsonPath(['chapters', index, 'name'])}`,
          message: `Kapitel ${chapter.officialNumber}: heißt in ${first.file} „${first.name}“, hier „${chapter.name}“`,
        });
      } else if (!first) {
        chapters.set(chapter.officialNumber, { name: chapter.name, file: name });
      }
    });
  }
  return problems;
}
