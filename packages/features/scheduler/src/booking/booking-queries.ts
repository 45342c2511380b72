import { asBinary, toFormData, useApi } from '@fahrwerk/api';
import { type FahrwerkMeta, useInvalidate } from '@fahrwerk/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Appointment, AppointmentInput, SeriesScope } from './booking-types';

/* The calls of the booking dialogs: pickers (students, educations, instructors, vehicles)
   and the saves of appointments and driving lessons. Keys are openapi-react-query's. */

const silent: FahrwerkMeta = { silentError: true };

/** The school's instructors, by last name. */
export function useInstructors(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions(
      'post',
      '/instructor/filter',
      {
        body: {
          page: 0,
          size: 200,
          archived: false,
          sort: [
            { field: 'lastName', direction: 'asc' },
            { field: 'firstName', direction: 'asc' },
          ],
        },
      },
      { enabled, select: (page) => page.data },
    ),
  );
}

/** The school's active vehicles (cars, trailers, escort vehicles), by name. */
export function useVehicles(enabled = true) {
  const { query } = useApi();
  return useQuery(
    query.queryOptions('get', '/vehicles', { params: { query: { archived: false } } }, { enabled }),
  );
}

/** What a change of appointments shows elsewhere: the calendar and every appointment list. */
const CHANGED = ['/appointments', '/calendar'] as const;

export type SaveAppointmentVariables = {
  input: AppointmentInput;
  appointmentId?: number;
  scope?: SeriesScope;
};

/** `POST /appointments`, or `PUT /appointments/{id}?scope=…` with an id. */
export function useSaveAppointment() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ input, appointmentId, scope }: SaveAppointmentVariables) => {
      if (appointmentId === undefined) {
        const { data } = await fetch.POST('/appointments', { body: input });
        return data as Appointment;
      }
      const { data } = await fetch.PUT('/appointments/{id}', {
        params: { path: { id: appointmentId }, query: scope ? { scope } : {} },
        body: input,
      });
      return data as Appointment;
    },
    onSuccess: () => invalidate(...CHANGED),
  });
}

/**
 * Deletes an appointment (`DELETE /appointments/{id}?scope=…`); a booked driving lesson
 * through `DELETE /driving-lessons/{id}`, which also reverses its charge.
 */
export function useDeleteAppointment() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({
      appointment,
      scope,
    }: {
      appointment: Appointment;
      scope?: SeriesScope;
    }) => {
      if (appointment.type === 'DRIVING' && appointment.booked) {
        await fetch.DELETE('/driving-lessons/{id}', { params: { path: { id: appointment.id } } });
        return;
      }
      await fetch.DELETE('/appointments/{id}', {
        params: { path: { id: appointment.id }, query: scope ? { scope } : {} },
      });
    },
    onSuccess: () => invalidate(...CHANGED),
  });
}

/** `POST /driving-lessons/{id}/book`. */
export function useBookDrivingLesson() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (id: number) => {
      const { data } = await fetch.POST('/driving-lessons/{id}/book', {
        params: { path: { id } },
      });
      return data as Appointment;
    },
    onSuccess: () => invalidate(...CHANGED),
  });
}

/** `DELETE /driving-lessons/{id}` (reverses the booking). */
export function useDeleteDrivingLesson() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async (id: number) => {
      await fetch.DELETE('/driving-lessons/{id}', { params: { path: { id } } });
    },
    onSuccess: () => invalidate(...CHANGED),
  });
}

export type SignatureUpload = {
  id: number;
  /** The pad as a PNG. */
  png: Blob;
  /** When the student finished signing (ISO date-time). */
  signedAt: string;
};

/** Multipart `POST /driving-lessons/{id}/upload-student-signature-and-book`. */
export function useSignAndBookDrivingLesson() {
  const { fetch } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    meta: silent,
    mutationFn: async ({ id, png, signedAt }: SignatureUpload) => {
      const file = new File([png], 'unterschrift.png', { type: 'image/png' });
      const { data } = await fetch.POST('/driving-lessons/{id}/upload-student-signature-and-book', {
        params: { path: { id } },
        body: { file: asBinary(file), signedAt },
        bodySerializer: toFormData,
      });
      return data as Appointment;
    },
    onSuccess: () => invalidate(...CHANGED),
  });
}
