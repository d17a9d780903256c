/** The icons bundled with the app (apps/web/public/icons), with German names for the pickers. */
export const BUNDLED_ICONS: readonly { value: string; label: string }[] = [
  { value: '/icons/admin.svg', label: 'Verwaltung' },
  { value: '/icons/apartment.svg', label: 'Wohnung' },
  { value: '/icons/blackboard.svg', label: 'Pinnwand' },
  { value: '/icons/cleaning.svg', label: 'Reinigung' },
  { value: '/icons/doctor.svg', label: 'Arzt' },
  { value: '/icons/document.svg', label: 'Dokument' },
  { value: '/icons/emergency.svg', label: 'Notruf' },
  { value: '/icons/fire.svg', label: 'Feuerwehr' },
  { value: '/icons/gas.svg', label: 'Gas' },
  { value: '/icons/key.svg', label: 'Schlüssel' },
  { value: '/icons/laundry.svg', label: 'Wäsche' },
  { value: '/icons/phone.svg', label: 'Telefon' },
  { value: '/icons/police.svg', label: 'Polizei' },
  { value: '/icons/reception.svg', label: 'Rezeption' },
  { value: '/icons/services.svg', label: 'Dienste' },
  { value: '/icons/tools.svg', label: 'Werkzeug' },
];

/** The picker's options: no icon, the bundled ones, and a stored path that is not among them. */
export function iconOptions(current: string | undefined, noneLabel: string) {
  const options = [{ value: '', label: noneLabel }, ...BUNDLED_ICONS];
  if (current && !options.some((o) => o.value === current)) options.push({ value: current, label: current });
  return options;
}
