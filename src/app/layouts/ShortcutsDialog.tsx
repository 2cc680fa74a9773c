import { Fragment } from 'react';
import { Dialog } from '../../components/Dialog';
import { useT } from '../../i18n/useT';
import { SHORTCUTS } from '../keyboardShortcuts';
import './ShortcutsDialog.css';

/** The `?` window: every shortcut and what it does. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const say = useT();
  return (
    <Dialog title={say('shortcuts.title')} onClose={onClose}>
      <p className="dialog__text">{say('shortcuts.note')}</p>
      <table className="shortcuts">
        <thead>
          <tr>
            <th scope="col">{say('shortcuts.keys')}</th>
            <th scope="col">{say('shortcuts.does')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((shortcut) => (
            <tr key={shortcut.action}>
              <td className="shortcuts__keys">
                {shortcut.keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 ? ` ${say('shortcuts.then')} ` : null}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{'does' in shortcut ? shortcut.does : say(`shortcut.${shortcut.action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
