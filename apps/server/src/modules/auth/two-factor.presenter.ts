import QRCode from 'qrcode';
import type { StaffTwoFactor } from '@hausportal/contract';

/**
 * The otpauth URL as a QR code for the authenticator app: an SVG as a data URL, which the back
 * office shows in an <img> (the CSP allows data: images). Error correction M, the apps' usual.
 */
export async function qrCodeDataUrl(otpauthUrl: string): Promise<string> {
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A staff member with the state of their second factor, for an administrator; never a secret. */
export function toStaffTwoFactor(row: {
  id: number;
  name: string;
  email: string;
  role: string;
  enabled: number | string | boolean;
}): StaffTwoFactor {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'manager',
    enabled: Number(row.enabled) === 1 || row.enabled === true,
  };
}
