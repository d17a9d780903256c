import { describe, expect, it } from 'vitest';
import type { Phone, Provider, Service } from '@hausportal/contract';
import { isDirectNumber, visiblePhones, visibleProviders, visibleServices } from './emergency';

const location = { direct_number: '+49 30 9876 5432' };
const deactivated = { emergency_services_deactivated: true };
const active = { emergency_services_deactivated: false };

const phone = (id: number, number: string): Phone => ({
  id,
  name: `P${id}`,
  number,
  icon: '',
  highlighted: false,
  hidden: false,
});
const provider = (id: number, number: string): Provider => ({
  id,
  name: `Anbieter ${id}`,
  phone: number,
  hide_phone: false,
  text: '',
  contact: '',
  hours: '',
  email: '',
  website: '',
  allow_form_contact: false,
  placeholder: '',
});
const service = (id: number): Service => ({ id, title: `S${id}`, icon: '', contact_text: '' });

describe('isDirectNumber', () => {
  it('matches the location number with spaces ignored', () => {
    expect(isDirectNumber('+49 3098 765432', location)).toBe(true);
    expect(isDirectNumber('+4930 98765432', location)).toBe(true);
    expect(isDirectNumber('+49 30 9876 5400', location)).toBe(false);
  });

  it('never matches when the location has no direct number', () => {
    expect(isDirectNumber('', { direct_number: '' })).toBe(false);
    expect(isDirectNumber('112', null)).toBe(false);
  });
});

describe('visiblePhones', () => {
  const phones = [phone(1, '+49 3098 765432'), phone(2, '112')];

  it('hides the emergency number when emergency services are deactivated', () => {
    expect(visiblePhones(phones, deactivated, location).map((p) => p.id)).toEqual([2]);
  });

  it('keeps every number for other users', () => {
    expect(visiblePhones(phones, active, location).map((p) => p.id)).toEqual([1, 2]);
    expect(visiblePhones(phones, null, location).map((p) => p.id)).toEqual([1, 2]);
  });
});

describe('visibleServices', () => {
  const services = [service(3), service(14), service(15)];
  const providers = { 3: [provider(1, '+49 30 98765432')], 14: [provider(2, '+49 30 4444 1212')] };

  it('hides services whose providers answer on the emergency number when deactivated', () => {
    expect(visibleServices(services, providers, deactivated, location).map((s) => s.id)).toEqual([14, 15]);
  });

  it('keeps every service for other users', () => {
    expect(visibleServices(services, providers, active, location).map((s) => s.id)).toEqual([3, 14, 15]);
  });
});

describe('visibleProviders', () => {
  it('hides providers on the emergency number when deactivated', () => {
    const list = [provider(1, '+49 30 9876 5432'), provider(2, '')];
    expect(visibleProviders(list, deactivated, location).map((p) => p.id)).toEqual([2]);
    expect(visibleProviders(list, active, location).map((p) => p.id)).toEqual([1, 2]);
  });
});
