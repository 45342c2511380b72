export {
  type AppointmentColumn,
  type AppointmentColumns,
  type AppointmentColumnsOptions,
  useAppointmentColumns,
} from './use-appointment-columns';
export { type AppointmentNames, useAppointmentNames } from './use-appointment-names';
