import { createRoot, type Root } from 'react-dom/client';
import type { StartedStandIn } from '../../../mocks/browser';
import { Workbench } from './Workbench';
import type { WorkbenchShortcut } from './shortcut';
import type { LoginResponse } from '../../types/api';

/**
 * Puts QA's workbench beside the app, in a root of its own at the end of the page: the app's page
 * (taken over from the markup built ahead, or rendered afresh) and its state are not touched.
 */
export interface WorkbenchMountOptions {
  /** Where it hears its shortcut: the app's start heard it first (a press before it came opens it). */
  shortcut?: WorkbenchShortcut;
  onDataReplaced?: () => void;
  onStartOver?: () => void;
  /** Points the app at a real server (its origin), or back at the stand-in (undefined). */
  onSwitchBackend?: (origin: string | undefined) => void;
  /** The app starts over as the member a login's answer names (the workbench logged in as them). */
  onLogIn?: (answer: LoginResponse) => void;
}

export function mountWorkbench({ warning, workbench }: StartedStandIn, { shortcut, onDataReplaced, onStartOver, onSwitchBackend, onLogIn }: WorkbenchMountOptions = {}): Root {
  const container = document.createElement('div');
  container.className = 'stand-in-workbench';
  document.body.append(container);
  const root = createRoot(container);
  root.render(<Workbench warning={warning} workbench={workbench} shortcut={shortcut} onDataReplaced={onDataReplaced} onStartOver={onStartOver} onSwitchBackend={onSwitchBackend} onLogIn={onLogIn} />);
  return root;
}
