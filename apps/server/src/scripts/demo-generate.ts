// npm run demo:generate -- [--students 50000] [--appointments 2000000] [--seed 2026] [--today 2026-11-22]
//
// Creates one more school filled by the demo generator, for benchmarks and trials, in the
// database of the environment (DATABASE_URL, else the PGlite in DATA_DIR — stop the server
// first then). Its sign-in is printed; the demo school of `npm start` is not touched.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { DEMO_SCALE, generateDemoData, scaledTo } from '../db/demo';
import { createSchool, DEMO_SCHOOL } from '../db/seed';

const { values } = parseArgs({
  options: {
    students: { type: 'string' },
    appointments: { type: 'string' },
    seed: { type: 'string', default: '2026' },
    today: { type: 'string' },
  },
});
const students = Number(values.students ?? DEMO_SCALE.students);
const appointments = Number(
  values.appointments ?? (values.students ? students * 40 : DEMO_SCALE.appointments),
);
if (
  !Number.isInteger(students) ||
  students < 1 ||
  !Number.isInteger(appointments) ||
  appointments < 0
) {
  console.error('--students and --appointments take whole numbers.');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
const tag = Date.now().toString(36);
const password = 'Bench#Mark2026';
const school = await createSchool(database.db, {
  ...DEMO_SCHOOL,
  name: `Fahrschule Benchmark ${tag}`,
  users: DEMO_SCHOOL.users.map((user) => ({
    ...user,
    email: user.email.replace('@', `+${tag}@`),
    password,
  })),
});
const scale =
  students === DEMO_SCALE.students && appointments === DEMO_SCALE.appointments
    ? DEMO_SCALE
    : scaledTo(students, appointments);
console.log(
  `Generating ${students} students and ${appointments} appointments (${JSON.stringify(scale)}) …`,
);
const { seconds, counts } = await generateDemoData(database.db, school, {
  scale,
  seed: Number(values.seed),
  emailTag: tag,
  ...(values.today ? { today: values.today } : {}),
  log: (message) => console.log(`  ${message}`),
});
console.log(counts);
console.log(
  `Done in ${seconds.toFixed(1)} s. Sign in as ${DEMO_SCHOOL.users[0]?.email.replace('@', `+${tag}@`)} / ${password}`,
);
await database.close();
