import { BACKENDS } from './backends';
import { describeSearchConformance } from './search-suite';

// The file formats; PostgreSQL runs the same suite in the postgres project (test/postgres/search.conformance.test.ts).
describeSearchConformance(BACKENDS.filter((b) => !b.needsServer));
