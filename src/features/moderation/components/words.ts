import type { ModerationAction, ReportReason } from '../../../types/api';
import { t } from '../../../i18n/i18n';

/** An action's name on its button, in the language spoken now. */
export function actionLabel(action: ModerationAction): string {
  switch (action) {
    case 'dismiss': return t('moderation.actionDismiss');
    case 'remove': return t('moderation.actionRemove');
    case 'warn': return t('moderation.actionWarn');
    case 'limit': return t('moderation.actionLimit');
    case 'suspend': return t('moderation.actionSuspend');
    case 'unlimit': return t('moderation.actionUnlimit');
    case 'unsuspend': return t('moderation.actionUnsuspend');
  }
}

/** A report's reason, as the report dialog names it. */
export function reasonLabel(reason: ReportReason): string {
  switch (reason) {
    case 'spam': return t('report.reasonSpam');
    case 'abuse': return t('report.reasonAbuse');
    case 'illegal': return t('report.reasonIllegal');
    case 'other': return t('report.reasonOther');
  }
}
