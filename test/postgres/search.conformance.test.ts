import { BACKENDS } from '../conformance/backends';
import { describeSearchConformance } from '../conformance/search-suite';

// The search and lines conformance suite over PostgreSQL: here because it needs the server of this project's global setup.
describeSearchConformance(BACKENDS.filter((b) => b.needsServer === true));
