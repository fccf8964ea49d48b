import { configure } from '@testing-library/react';

// The renderer tests run beside the unit, PostgreSQL and e2e projects on a 2-core machine. testing-library's
// default 1 s ceiling for findBy*/waitFor is a timed assertion in disguise under that load; 10 s only bounds how
// long a broken test waits, and no test asserts on elapsed time.
configure({ asyncUtilTimeout: 10_000 });
