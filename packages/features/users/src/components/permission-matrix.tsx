import { Checkbox } from '@fahrwerk/ui';
import type { PermissionKey } from '../api/users-queries';
import { PAYMENT_WRITE, PERMISSION_MODULES, readKey, writeKey } from '../schemas/role-form';
import { useUsersTranslation } from '../use-users-translation';

export type PermissionMatrixProps = {
  allowed: readonly string[];
  onToggle: (key: PermissionKey, on: boolean) => void;
  /** The owner role: every key allowed, nothing to change. */
  isLocked?: boolean;
};

/** One row per module with a read and a write checkbox; write implies read. */
export function PermissionMatrix({ allowed, onToggle, isLocked = false }: PermissionMatrixProps) {
  const { t } = useUsersTranslation();
  const has = (key: PermissionKey) => isLocked || allowed.includes(key);
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('roles.matrix')}</caption>
      <thead>
        <tr className="border-b border-neutral-200 text-start text-neutral-700">
          <th scope="col" className="py-2 text-start font-medium">
            {t('roles.module')}
          </th>
          <th scope="col" className="py-2 text-start font-medium">
            {t('roles.read')}
          </th>
          <th scope="col" className="py-2 text-start font-medium">
            {t('roles.write')}
          </th>
        </tr>
      </thead>
      <tbody>
        {PERMISSION_MODULES.map((module) => {
          const name = t(`modules.${module}`);
          return (
            <tr key={module} className="border-b border-neutral-100">
              <th scope="row" className="py-2 text-start font-normal text-neutral-900">
                {name}
              </th>
              <td className="py-2">
                <Checkbox
                  aria-label={t('roles.readOf', { module: name })}
                  isSelected={has(readKey(module))}
                  isDisabled={isLocked || allowed.includes(writeKey(module))}
                  onChange={(on) => onToggle(readKey(module), on)}
                />
              </td>
              <td className="py-2">
                <Checkbox
                  aria-label={t('roles.writeOf', { module: name })}
                  isSelected={has(writeKey(module))}
                  isDisabled={isLocked}
                  onChange={(on) => onToggle(writeKey(module), on)}
                />
              </td>
            </tr>
          );
        })}
        <tr>
          <th scope="row" className="py-2 text-start font-normal text-neutral-900">
            {t('modules.PAYMENT')}
          </th>
          <td className="py-2 text-neutral-600">–</td>
          <td className="py-2">
            <Checkbox
              aria-label={t('roles.writeOf', { module: t('modules.PAYMENT') })}
              isSelected={has(PAYMENT_WRITE)}
              isDisabled={isLocked}
              onChange={(on) => onToggle(PAYMENT_WRITE, on)}
            />
          </td>
        </tr>
      </tbody>
    </table>
  );
}
