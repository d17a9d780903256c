import { useRef, type ReactNode } from 'react';
import { useArrivalFocus } from '@/lib/use-arrival-focus';

/**
 * A screen's head: its only <h1>, which takes the focus when the screen is reached (see
 * useArrivalFocus), and the actions beside it. The resident app's and the back office's; a file
 * of its own because page.tsx brings i18next, which the back office does not load.
 */
export function PageHead({ title, actions }: { title: string; actions?: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);
  return (
    <div className="page-head">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}
