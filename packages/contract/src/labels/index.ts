// `@hausportal/contract/labels`: the contract's plain constants and the labels of statuses and
// kinds in every language, without zod. The craftsman's page, the resident app's home chunk and
// the language chunks import from here: a value from the main entry brings its module's zod
// schemas along (zod alone is 25 kB gzip). The main entry re-exports all of it, so there is one
// source. Nothing reachable from this file may import zod or a schema module (labels.test.ts).
export * from './constants.js';
export * from './address.js';
export * from './translations.js';
export {
  labelsDe,
  NOTIFICATION_KIND_LABELS,
  TICKET_EVENT_KIND_LABELS,
  TICKET_SCOPE_LABELS,
  TICKET_STATUS_LABELS,
} from './de.js';
export { labelsEn } from './en.js';
export { labelsTr } from './tr.js';
export { labelsPl } from './pl.js';
export { labelsUk } from './uk.js';
export { labelsRu } from './ru.js';
export { labelsAr } from './ar.js';
