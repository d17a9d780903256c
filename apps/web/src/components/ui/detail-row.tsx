import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

/** One entry of a `dl.details` list: icon and label, then the value. */
export function DetailRow({
  icon,
  label,
  className,
  children,
}: {
  icon: IconName;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>
        <Icon name={icon} /> {label}
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
