import { Button, SearchField } from '@fahrwerk/ui';
import { useState } from 'react';
import type { LearningModeData } from '../api/learning-queries';
import { addSearchTerm, questionsMatching } from '../learning-rules';
import { useLearningTranslation } from '../use-learning-translation';
import { QuestionCard } from './question-card';

/** Where the search terms live for the browser session (spec 001 §4: "kept for the session"). */
const HISTORY_KEY = 'fahrwerk.learning.explanationSearch';

function readHistory(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((term) => typeof term === 'string') : [];
  } catch {
    return [];
  }
}

function writeHistory(history: string[]) {
  try {
    sessionStorage.setItem(HISTORY_KEY, JSON.stringify(history));
  } catch {
    // Storage full or switched off: the history lasts as long as the page.
  }
}

/**
 * "Frage suchen": finds a question of the education's catalogue by its official number (or a
 * part: `1.2.03`, `-004`) to show it with its explanation — and, with MODULE_THEORY_WRITE, to
 * write the explanation. The last 10 searches are kept for the session, a term only when it
 * differs from the newest (spec 001 §4); each can be searched again with one click.
 */
export function ExplanationSearch({
  data,
  canAnswer,
}: {
  data: LearningModeData;
  canAnswer: boolean;
}) {
  const { t } = useLearningTranslation();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  const [history, setHistory] = useState(readHistory);
  const [openId, setOpenId] = useState<number | null>(null);
  const results = questionsMatching(data, term);

  const search = (value: string) => {
    setInput(value);
    setTerm(value.trim());
    setOpenId(null);
    const next = addSearchTerm(history, value);
    setHistory(next);
    writeHistory(next);
  };

  return (
    <div className="flex flex-col gap-3">
      <search aria-label={t('search.title')}>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            search(input);
          }}
        >
          <SearchField
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={input}
            onChange={setInput}
            onSubmit={search}
            className="min-w-64"
          />
          <Button type="submit" variant="secondary">
            {t('search.submit')}
          </Button>
        </form>
      </search>
      {history.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-neutral-700">{t('search.recent')}</span>
          <ul className="flex flex-wrap gap-2" aria-label={t('search.recent')}>
            {history.map((recent, index) => (
              // The same term may appear twice (not in a row): the place keeps the key apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={`${index}-${recent}`}>
                <Button size="sm" variant="quiet" onPress={() => search(recent)}>
                  {recent}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {term !== '' &&
        (results.length === 0 ? (
          <p className="text-sm text-neutral-700" role="status">
            {t('search.none', { term })}
          </p>
        ) : (
          <>
            <p className="text-sm text-neutral-700" role="status">
              {t('search.found', { count: results.length })}
            </p>
            <ul className="flex flex-col gap-1" aria-label={t('search.results')}>
              {results.slice(0, 50).map((question) => (
                <li key={question.theoryQuestionId}>
                  <Button
                    size="sm"
                    variant={openId === question.theoryQuestionId ? 'primary' : 'secondary'}
                    onPress={() =>
                      setOpenId(
                        openId === question.theoryQuestionId ? null : question.theoryQuestionId,
                      )
                    }
                    aria-expanded={openId === question.theoryQuestionId}
                  >
                    {t('search.result', {
                      officialNumber: question.officialNumber,
                      chapter: question.chapter,
                    })}
                  </Button>
                </li>
              ))}
            </ul>
          </>
        ))}
      {openId !== null && (
        <QuestionCard
          key={openId}
          theoryQuestionId={openId}
          studentEducationId={data.studentEducationId}
          canAnswer={canAnswer}
          revealed
        />
      )}
    </div>
  );
}
