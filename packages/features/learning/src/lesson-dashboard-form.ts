import { z } from 'zod';
import type { LessonDashboard, LessonDashboardInput } from './api/dashboard-queries';

/** The contract's limit of tiles. */
export const MAX_WIDGETS = 24;

const URL_PATTERN = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const YOUTUBE = /^https:\/\/(www\.)?(youtube\.com|youtu\.be|youtube-nocookie\.com)\//;

/**
 * The lesson dashboard form. Messages are keys of this package's texts (`dashboard.validation.*`);
 * the rules mirror the contract (spec 001 §5: a button title must be filled and a URL valid and
 * filled — together or not at all).
 */
export const lessonDashboardSchema = z.object({
  widgets: z
    .array(
      z
        .object({
          id: z.number().optional(),
          title: z
            .string()
            .trim()
            .min(1, 'dashboard.validation.title')
            .max(255, 'dashboard.validation.tooLong'),
          text: z.string().max(10000, 'dashboard.validation.tooLong'),
          buttonTitle: z.string().trim().max(255, 'dashboard.validation.tooLong'),
          buttonUrl: z.string().trim().max(2000, 'dashboard.validation.tooLong'),
        })
        .superRefine((widget, context) => {
          if (widget.buttonUrl && !URL_PATTERN.test(widget.buttonUrl)) {
            context.addIssue({
              code: 'custom',
              path: ['buttonUrl'],
              message: 'dashboard.validation.url',
            });
          }
          if (widget.buttonUrl && !widget.buttonTitle) {
            context.addIssue({
              code: 'custom',
              path: ['buttonTitle'],
              message: 'dashboard.validation.buttonTitle',
            });
          }
          if (widget.buttonTitle && !widget.buttonUrl) {
            context.addIssue({
              code: 'custom',
              path: ['buttonUrl'],
              message: 'dashboard.validation.buttonUrl',
            });
          }
        }),
    )
    .max(MAX_WIDGETS, 'dashboard.validation.tooMany'),
  youtubeLink: z
    .string()
    .trim()
    .refine((value) => value === '' || YOUTUBE.test(value), 'dashboard.validation.youtube'),
});

export type LessonDashboardValues = z.infer<typeof lessonDashboardSchema>;

export const emptyWidget = (): LessonDashboardValues['widgets'][number] => ({
  title: '',
  text: '',
  buttonTitle: '',
  buttonUrl: '',
});

export function toDashboardValues(dashboard: LessonDashboard): LessonDashboardValues {
  return {
    widgets: [...dashboard.widgets]
      .sort((a, b) => a.position - b.position)
      .map((widget) => ({
        id: widget.id,
        title: widget.title,
        text: widget.text ?? '',
        buttonTitle: widget.buttonTitle ?? '',
        buttonUrl: widget.buttonUrl ?? '',
      })),
    youtubeLink: dashboard.youtubeLink ?? '',
  };
}

/** The body of `PUT /unterricht-dashboard`: positions follow the order, empty texts left out. */
export function toDashboardInput(values: LessonDashboardValues): LessonDashboardInput {
  return {
    widgets: values.widgets.map((widget, position) => ({
      ...(widget.id === undefined ? {} : { id: widget.id }),
      title: widget.title.trim(),
      ...(widget.text.trim() ? { text: widget.text } : {}),
      ...(widget.buttonTitle && widget.buttonUrl
        ? { buttonTitle: widget.buttonTitle, buttonUrl: widget.buttonUrl }
        : {}),
      position,
    })),
    ...(values.youtubeLink ? { youtubeLink: values.youtubeLink } : {}),
  };
}
