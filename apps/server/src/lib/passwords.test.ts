import { describe, expect, it } from 'vitest';
import { PASSWORD_IN_LISTS, passwordProblem } from './passwords.js';

// The passwords the security probe of 2026-12-07 still got through, for a resident 'Emil Nachbar'
// of 'Residenz am Stadtpark' in an install called 'Hausportal'.
const owner = {
  login: 'A-0201',
  apartmentNumber: 'A-0201',
  email: 'e.nachbar@example.org',
  name: 'Emil Nachbar',
  context: ['Hausportal', 'Residenz am Stadtpark', 'Stadtpark'],
};

describe('the password policy', () => {
  it.each(['ichliebedich', 'Demo1234!', 'hallo123', 'schalke04'])(
    'refuses %s as one of the most used German passwords',
    async (password) => {
      expect(await passwordProblem(password, owner)).toBe(PASSWORD_IN_LISTS);
    },
  );

  it.each(['Hausportal2026', 'hausportal!!', 'Residenz am Stadtpark', 'Stadtpark2026!', 'Emil Nachbar 1'])(
    'refuses %s, built on the app’s, the house’s or the owner’s name',
    async (password) => {
      expect(await passwordProblem(password, owner)).toMatch(/^Dieses Passwort ist zu leicht zu erraten/);
    },
  );

  it('refuses the name of another resident’s demo account as well as one’s own', async () => {
    expect(await passwordProblem('Beispiel2026!', { ...owner, name: 'Anna Beispiel' })).toMatch(/zu leicht/);
  });

  it.each(['Kastanie-Regen-Fahrrad7', 'Neu-Passwort1', 'Blauer Kran frisst Heu'])('accepts %s', async (password) => {
    expect(await passwordProblem(password, owner)).toBeNull();
  });
});
