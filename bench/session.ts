// Signing in as the bench's residents and manager (bench/fill.ts), over HTTP like a client.
import { BENCH_PASSWORD } from './fill.js';

export async function signIn(url: string, apartment: string): Promise<string> {
  const res = await fetch(`${url}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ apartment_number: apartment, password: BENCH_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

export async function staffSignIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/api/staff/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}
