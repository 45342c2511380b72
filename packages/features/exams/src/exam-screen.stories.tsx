import { errorBody, mockHttp } from '@fahrwerk/api/mocks';
import { pageBody } from '@fahrwerk/ui/testing';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ExamScreen } from './exam-screen';
import {
  everyStatusExam,
  examDetailHandlers,
  FIXTURE_TODAY,
  lookupHandlers,
  plannedExam,
} from './mocks/handlers';

const lookups = [lookupHandlers.organizations, lookupHandlers.users];

/** The exam with every participant status, answered by a copy each story changes on its own. */
const detail = () => examDetailHandlers(everyStatusExam);

const meta = {
  title: 'Features/Exams/ExamScreen',
  component: ExamScreen,
  args: { kind: 'theory', examId: everyStatusExam.id, today: FIXTURE_TODAY, backHref: '#exams' },
  parameters: { msw: { handlers: [detail().get, ...lookups] } },
} satisfies Meta<typeof ExamScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const row = async (canvasElement: HTMLElement, name: string) =>
  within(
    (await within(canvasElement).findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest(
      'tr',
    ) as HTMLElement,
  );

/** Every status of the contract, translated; deadlines warned; the protocol downloadable. */
export const EveryStatus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Theorieprüfung am 26.02.2026' });
    await canvas.findByText('TÜV SÜD Berlin', {});
    await expect(canvas.getByText('TH-2026-0412')).toBeInTheDocument();
    await expect(canvas.getByText('7 / 10')).toBeInTheDocument();
    for (const [name, status] of [
      ['Lea Schulz', 'Bestanden'],
      ['Tim Becker', 'Nicht bestanden'],
      ['Mia Wagner', 'Nicht erschienen'],
      ['Noah Hoffmann', 'Angemeldet'],
      ['Emma Koch', 'Bereit'],
      ['Paul Richter', 'Geplant'],
      ['Sofia Klein', 'Abgesagt'],
    ]) {
      const cells = await row(canvasElement, name as string);
      await expect(
        cells.getByRole('button', { name: new RegExp(status as string) }),
      ).toBeInTheDocument();
    }
    const lea = await row(canvasElement, 'Lea Schulz');
    await expect(lea.getByText('Praktische Prüfung bis 26.02.2027')).toBeInTheDocument();
    await expect(
      lea.getByRole('button', { name: 'Protokoll herunterladen (Lea Schulz)' }),
    ).toBeInTheDocument();
    // Results stay: no removal for those with a result.
    await expect(lea.queryByRole('button', { name: /Entfernen/ })).toBeNull();
  },
};

/** The exam application of a participant lapses within 30 days: warned. */
export const DeadlineWarning: Story = {
  play: async ({ canvasElement }) => {
    const paul = await row(canvasElement, 'Paul Richter');
    await expect(
      paul.getByText('Prüfauftrag läuft am 20.03.2026 ab – noch 19 Tage'),
    ).toBeInTheDocument();
  },
};

export const ReadOnly: Story = {
  parameters: { permissions: ['MODULE_EXAM'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Theorieprüfung am 26.02.2026' });
    await expect(canvas.getByText('Sie dürfen diese Daten nur ansehen.')).toBeInTheDocument();
    for (const status of [
      'Bestanden',
      'Nicht bestanden',
      'Nicht erschienen',
      'Angemeldet',
      'Bereit',
      'Geplant',
      'Abgesagt',
    ]) {
      await expect(canvas.getByText(status)).toBeInTheDocument();
    }
    await expect(canvas.queryByRole('button', { name: 'Teilnehmer hinzufügen' })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /hochladen/ })).toBeNull();
    await expect(canvas.queryByRole('button', { name: /Status von/ })).toBeNull();
    // Reading the protocol stays allowed.
    await expect(
      canvas.getByRole('button', { name: 'Protokoll herunterladen (Lea Schulz)' }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/theory-exams/{id}', async ({ response }) => {
          await delay('infinite');
          return response(200).json(everyStatusExam);
        }),
        ...lookups,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findAllByRole('status', {})).not.toHaveLength(0);
  },
};

export const LoadError: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/theory-exams/{id}', ({ response }) =>
          response(500).json(errorBody('errors.internal')),
        ),
        ...lookups,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Die Daten konnten nicht geladen werden.', {});
  },
};

export const NotFound: Story = {
  parameters: {
    msw: {
      handlers: [
        mockHttp.get('/theory-exams/{id}', ({ response }) =>
          response(404).json(errorBody('errors.not_found')),
        ),
        ...lookups,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Diesen Prüftermin gibt es nicht (mehr).', {});
  },
};

/** A practical exam without participants yet: the empty participant list. */
export const NoParticipants: Story = {
  args: { kind: 'practical', examId: 10 },
  parameters: {
    msw: {
      handlers: [
        examDetailHandlers({ ...plannedExam, id: 10, participants: [] }).getPractical,
        ...lookups,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Praktische Prüfung am 12.03.2026' });
    await expect(canvas.getByText('Noch keine Teilnehmer eingeplant.')).toBeInTheDocument();
    await expect(canvas.getByText('Vorstellender Fahrlehrer')).toBeInTheDocument();
  },
};

/** A slot without results can be deleted (spec 001: practical exams can be deleted). */
export const DeletesExam: Story = {
  args: { kind: 'practical', examId: 11, onDeleted: undefined },
  parameters: {
    msw: {
      handlers: [
        examDetailHandlers({ ...plannedExam, id: 11, participants: [] }).getPractical,
        mockHttp.delete('/practical-exams/{id}', ({ response }) => response(204).empty()),
        ...lookups,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Praktische Prüfung am 12.03.2026' });
    await userEvent.click(canvas.getByRole('button', { name: 'Prüfung löschen' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Prüftermin löschen?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Prüfung löschen' }));
    await canvas.findByText('Der Prüftermin wurde gelöscht.');
    await expect(canvas.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeInTheDocument();
  },
};

/** A slot with results cannot be deleted: the button is not offered. */
export const NoDeleteWithResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await row(canvasElement, 'Emma Koch');
    await expect(canvas.queryByRole('button', { name: 'Prüfung löschen' })).toBeNull();
  },
};

/** The testing organization refuses the booking: the server's message as an error toast. */
export const BookingRefused: Story = {
  args: { kind: 'practical', examId: plannedExam.id },
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = examDetailHandlers(plannedExam);
        return [handlers.getPractical, handlers.bookRefusedServerText, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Prüfung buchen' }));
    await pageBody().findByText('Die Prüfstelle hat für diesen Tag keine Kapazität mehr.', {});
    await expect(canvas.getByText('Noch nicht gebucht')).toBeInTheDocument();
  },
};

export const Books: Story = {
  args: { examId: 7 },
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = examDetailHandlers({
          ...everyStatusExam,
          id: 7,
          date: '2026-03-04',
          booked: false,
          bookedAt: undefined,
          participants: (everyStatusExam.participants ?? []).filter(
            (row) => row.status === 'READY',
          ),
        });
        return [handlers.get, handlers.bookOk, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Prüfung buchen' }));
    await pageBody().findByText('Gespeichert.', {});
    await canvas.findByText(/Gebucht am/, {});
    const emma = await row(canvasElement, 'Emma Koch');
    await emma.findByRole('button', { name: /Angemeldet/ });
  },
};

/** Enters the error points of a theory result in its dialog and saves. */
async function recordResult(title: string, points: string) {
  const result = within(await pageBody().findByRole('dialog', { name: title }));
  await userEvent.click(result.getByRole('textbox', { name: /^Fehlerpunkte/ }));
  await userEvent.paste(points);
  await userEvent.click(result.getByRole('button', { name: 'Ergebnis speichern' }));
}

/** Recording "failed" books the repeat fee right after (the contract leaves it to the screen). */
export const FailedBooksRepeatFee: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        return [handlers.get, handlers.updateStatus, handlers.repeatFeeOk, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const noah = await row(canvasElement, 'Noah Hoffmann');
    await userEvent.click(noah.getByRole('button', { name: /Status von Noah Hoffmann/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Nicht bestanden' }));
    await recordResult('Noah Hoffmann: Nicht bestanden', '14');
    await pageBody().findByText('Status von Noah Hoffmann gespeichert.', {});
    await pageBody().findByText('Die Wiederholungsgebühr für Noah Hoffmann wurde gebucht.', {});
    await (await row(canvasElement, 'Noah Hoffmann')).findByRole('button', {
      name: /Nicht bestanden/,
    });
  },
};

/** The repeat fee cannot be booked: the reason is shown and the booking offered by hand. */
export const RepeatFeeRefused: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        return [handlers.get, handlers.updateStatus, handlers.repeatFeeRefused, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const noah = await row(canvasElement, 'Noah Hoffmann');
    await userEvent.click(noah.getByRole('button', { name: /Status von Noah Hoffmann/ }));
    await userEvent.click(await pageBody().findByRole('option', { name: 'Nicht bestanden' }));
    await recordResult('Noah Hoffmann: Nicht bestanden', '12');
    await pageBody().findByText(
      /Die Wiederholungsgebühr für Noah Hoffmann konnte nicht gebucht werden/,
      {},
    );
    await (await row(canvasElement, 'Noah Hoffmann')).findByRole('button', {
      name: 'Wiederholungsgebühr buchen (Noah Hoffmann)',
    });
  },
};

export const MarksReady: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        return [handlers.get, handlers.markReady, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const paul = await row(canvasElement, 'Paul Richter');
    await userEvent.click(
      paul.getByRole('button', { name: 'Als bereit markieren (Paul Richter)' }),
    );
    await pageBody().findByText('Paul Richter ist als bereit markiert.', {});
    await (await row(canvasElement, 'Paul Richter')).findByRole('button', { name: /Bereit/ });
  },
};

export const RemovesParticipant: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        return [handlers.get, handlers.remove, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const emma = await row(canvasElement, 'Emma Koch');
    await userEvent.click(emma.getByRole('button', { name: 'Entfernen (Emma Koch)' }));
    const confirm = within(
      await pageBody().findByRole('alertdialog', { name: 'Teilnehmer entfernen?' }),
    );
    await userEvent.click(confirm.getByRole('button', { name: 'Entfernen' }));
    await pageBody().findByText('Emma Koch wurde entfernt.', {});
    await waitFor(() =>
      expect(within(canvasElement).queryByRole('rowheader', { name: /^Emma Koch/ })).toBeNull(),
    );
  },
};

/** Adding students shows what each education still lacks (✓/✗, "no data"). */
export const AddsParticipants: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        // The status info before `/theory-exams/{id}`, which would take its path as an id.
        return [
          lookupHandlers.statusInfo,
          handlers.get,
          handlers.setParticipants,
          lookupHandlers.candidates,
          lookupHandlers.students,
          ...lookups,
        ];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Teilnehmer hinzufügen' }));
    const dialog = within(await pageBody().findByRole('dialog', { name: 'Teilnehmer hinzufügen' }));
    const clara = await dialog.findByRole('list', { name: 'Voraussetzungen von Clara Meyer' });
    await expect(
      within(clara).getByText('Grundstoff vollständig besucht (9 von 12)'),
    ).toBeInTheDocument();
    await expect(within(clara).getByText(/Erste-Hilfe-Nachweis vorhanden/)).toHaveTextContent(
      'offen',
    );
    const david = await dialog.findByRole('list', { name: 'Voraussetzungen von David Schäfer' });
    await expect(within(david).getByText(/Keine Voraussetzungen zu prüfen/)).toHaveTextContent(
      'erfüllt',
    );
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Ben Fischer (B) auswählen' }));
    await userEvent.click(dialog.getByRole('button', { name: '1 hinzufügen' }));
    await pageBody().findByText('Teilnehmer gespeichert.', {});
    await row(canvasElement, 'Ben Fischer');
  },
};

const fileOfSize = (name: string, bytes: number, type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });

async function openUpload(canvasElement: HTMLElement, name: string) {
  const cells = await row(canvasElement, name);
  await userEvent.click(cells.getByRole('button', { name: `Protokoll hochladen (${name})` }));
  const dialog = await pageBody().findByRole('dialog', { name: `Prüfungsprotokoll: ${name}` });
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('file input missing');
  return { dialog: within(dialog), input };
}

/** The size limit shows before a file is chosen; a bigger file is refused in German. */
export const ProtocolTooLarge: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, input } = await openUpload(canvasElement, 'Tim Becker');
    await expect(dialog.getByText('Maximale Dateigröße: 10 MB')).toBeVisible();
    await userEvent.upload(input, fileOfSize('scan.pdf', 11 * 1024 * 1024));
    await dialog.findByText('Die Datei überschreitet die zulässige Größe von 10 MB.', {});
    await expect(dialog.getByRole('button', { name: 'Hochladen' })).toBeDisabled();
  },
};

/** The server refuses the file as too large (a proxy's lower limit): said in German. */
export const ProtocolRefusedByServer: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        return [handlers.get, handlers.uploadTooLarge, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const { dialog, input } = await openUpload(canvasElement, 'Tim Becker');
    await userEvent.upload(input, fileOfSize('scan.pdf', 200_000));
    await userEvent.click(await dialog.findByRole('button', { name: 'Hochladen' }));
    await dialog.findByText('Die Datei ist zu groß. Erlaubt sind höchstens 10 MB.', {});
  },
};

export const UploadsProtocol: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        return [handlers.get, handlers.uploadOk, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const { dialog, input } = await openUpload(canvasElement, 'Tim Becker');
    await userEvent.upload(input, fileOfSize('protokoll.pdf', 200_000));
    await userEvent.click(await dialog.findByRole('button', { name: 'Hochladen' }));
    await pageBody().findByText('Das Protokoll wurde hochgeladen.', {});
    await (await row(canvasElement, 'Tim Becker')).findByRole('button', {
      name: 'Protokoll herunterladen (Tim Becker)',
    });
  },
};

/** The protocol downloads from `GET {resource}/protocol/{studentExamId}`. */
export const DownloadsProtocol: Story = {
  parameters: {
    msw: {
      handlers: (() => {
        const handlers = detail();
        return [handlers.get, handlers.downloadProtocol, ...lookups];
      })(),
    },
  },
  play: async ({ canvasElement }) => {
    const lea = await row(canvasElement, 'Lea Schulz');
    const button = lea.getByRole('button', { name: 'Protokoll herunterladen (Lea Schulz)' });
    await userEvent.click(button);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await expect(pageBody().queryByRole('alert')).toBeNull();
  },
};
