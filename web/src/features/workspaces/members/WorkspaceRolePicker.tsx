import { useId } from 'react';
import {
  invitableWorkspaceRoles,
  workspaceRoleDescriptions,
  workspaceRoleLabels,
  type InvitableWorkspaceRole,
} from '@bookwright/contracts';
import { workspaceTexts as texts } from '../texts';

/** Admin or member, as radio cards, each role said in one line (the contracts' descriptions). */
export function WorkspaceRolePicker({
  value,
  onChange,
}: {
  value: InvitableWorkspaceRole;
  onChange: (role: InvitableWorkspaceRole) => void;
}) {
  const name = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-stone-800">{texts.role}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {invitableWorkspaceRoles.map((role) => (
          <label
            key={role}
            className={`flex cursor-pointer gap-2.5 rounded-lg border px-3 py-2.5 text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ink-300 ${value === role ? 'border-ink-600 bg-ink-50' : 'border-stone-300 hover:border-stone-400'}`}
          >
            <input
              type="radio"
              name={name}
              value={role}
              checked={value === role}
              onChange={() => onChange(role)}
              aria-labelledby={`${name}-${role}-label`}
              aria-describedby={`${name}-${role}`}
              className="mt-0.5 accent-ink-800"
            />
            <span>
              <span id={`${name}-${role}-label`} className="block font-semibold text-ink-950">
                {workspaceRoleLabels[role]}
              </span>
              <span id={`${name}-${role}`} className="block text-xs text-stone-600">
                {workspaceRoleDescriptions[role]}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
