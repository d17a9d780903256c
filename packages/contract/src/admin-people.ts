import { z } from 'zod';
import { listQuery } from './schemas.js';

// Back-office schemas (issue 9); see docs/decisions/014-back-office.md.
void z;
void listQuery;
