import { useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { ProgressLabel, SubmitButton } from '../../../components/ProgressLabel';
import { LIMITS } from '../../../../contract/limits';
import { backendFileUrl } from '../../../config/env';
import { classifyFailure } from '../../../lib/apiError';
import { failureReason, refusalText } from '../../../i18n/failureTexts';
import { useT } from '../../../i18n/useT';
import { download as saveFile } from '../../../lib/download';
import type { DataImportResult } from '../../../types/api';
import { useExportDataMutation, useImportDataMutation } from '../accountApi';
import { archiveName, ArchiveError, buildArchive, fetchImageWithin, readArchive, type ArchiveProgress } from '../dataArchive';
import './DataSection.css';

/** An image's bytes, from wherever the backend keeps it (its /media, the app's /images, a data URL). */
const fetchImage = (url: string) => fetchImageWithin(new URL(backendFileUrl(url), document.baseURI));

/** A chosen file's bytes (FileReader: every browser, and the tests' DOM). */
function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(new Uint8Array(reader.result)) : reject(new Error('The file could not be read.')));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(file);
  });
}

type DownloadState =
  | { kind: 'idle' }
  | { kind: 'working'; progress: ArchiveProgress | undefined }
  | { kind: 'saved'; file: string; missing: number }
  | { kind: 'failed' };

/** The download: the export fetched, its images with it, packed into one zip and saved. */
function DownloadData({ buttonRef }: { buttonRef?: Ref<HTMLButtonElement> }) {
  const say = useT();
  const [exportData] = useExportDataMutation();
  const [state, setState] = useState<DownloadState>({ kind: 'idle' });
  const working = state.kind === 'working';

  const download = async () => {
    setState({ kind: 'working', progress: undefined });
    try {
      const data = await exportData().unwrap();
      const { bytes, missing } = await buildArchive(data, fetchImage, (progress) => setState({ kind: 'working', progress }));
      const file = archiveName(data.profile.username, new Date());
      saveFile(bytes as Uint8Array<ArrayBuffer>, file, 'application/zip');
      setState({ kind: 'saved', file, missing: missing.length });
    } catch {
      setState({ kind: 'failed' });
    }
  };

  // What the live region says changes with the stage alone; the images' count, moving with each
  // image, is for the eye (a screen reader would read out every step of it).
  let status = '';
  let count = '';
  if (state.kind === 'working') {
    const { progress } = state;
    status = progress?.stage === 'packing' ? say('account.dataPacking') : say('account.dataPreparing');
    if (progress?.stage === 'images') count = say('account.dataImages', { done: progress.done, count: progress.count });
  } else if (state.kind === 'saved') {
    status = [say('account.dataSaved', { file: state.file }), state.missing > 0 ? say('account.dataMissingImages', { count: state.missing }) : ''].filter(Boolean).join(' ');
  }
  return (
    <div className="data-section__part">
      <button ref={buttonRef} type="button" className="button button--primary" aria-disabled={working || undefined} onClick={() => !working && void download()}>
        <ProgressLabel pending={working} idle={say('account.dataDownload')} busy={say('account.dataPreparing')} />
      </button>
      <p className="data-section__status" role="status">{status}{count !== '' ? <span aria-hidden="true"> {count}</span> : null}</p>
      {state.kind === 'failed' ? <p className="data-section__problem" role="alert">{say('account.dataFailed')}</p> : null}
    </div>
  );
}

type ImportState =
  | { kind: 'idle' }
  | { kind: 'reading' }
  | { kind: 'sending'; posts: number }
  | { kind: 'done'; result: DataImportResult }
  | { kind: 'problem'; text: string };

/** What an import made, and each thing it skipped with why. */
function ImportSummary({ result }: { result: DataImportResult }) {
  const say = useT();
  return (
    <>
      <p className="data-section__status">{say('account.importDetails', { replies: result.replies, bookmarks: result.bookmarks, mutes: result.mutes, blocks: result.blocks })}</p>
      {result.skipped.length > 0 ? (
        <ul className="data-section__skipped" aria-label={say('account.importSkippedList')}>
          {result.skipped.map((item, index) => (
            <li key={`${item.kind}-${item.name}-${index}`}>{say('account.importSkipped', { kind: item.kind, name: item.name, why: refusalText(item.code, item.code) })}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * The import: a zip made by "Download your data" on another SocialConnect, read here and sent as one
 * call. The file stays chosen whatever happens, so a failed try can be made again as it is.
 */
function ImportData() {
  const say = useT();
  const fieldId = useId();
  const aboutId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [importData] = useImportDataMutation();
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const busy = state.kind === 'reading' || state.kind === 'sending';

  const send = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setState({ kind: 'problem', text: say('account.importNoFile') });
      return;
    }
    setState({ kind: 'reading' });
    let body;
    try {
      body = readArchive(await bytesOf(chosen));
    } catch (error) {
      const tooLarge = error instanceof ArchiveError && error.reason === 'tooLarge';
      setState({ kind: 'problem', text: tooLarge ? say('account.importTooLarge', { megabytes: LIMITS.importBytesMax / (1024 * 1024) }) : say('account.importNotArchive') });
      return;
    }
    setState({ kind: 'sending', posts: body.posts.length });
    try {
      setState({ kind: 'done', result: await importData(body).unwrap() });
    } catch (error) {
      setState({ kind: 'problem', text: say('account.importFailed', { why: failureReason(classifyFailure(error, true)) }) });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) void send();
  };

  let status = '';
  if (state.kind === 'reading') status = say('account.importReading');
  else if (state.kind === 'sending') status = say('account.importSending', { count: state.posts });
  else if (state.kind === 'done') status = say('account.importDone', { posts: state.result.posts, follows: state.result.follows, skipped: state.result.skipped.length });
  return (
    <form className="data-section__part" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <h3 className="data-section__title">{say('account.importTitle')}</h3>
      <p id={aboutId} className="data-section__status">{say('account.importAbout')}</p>
      <label className="data-section__label" htmlFor={fieldId}>{say('account.importFile')}</label>
      <input
        id={fieldId}
        ref={file}
        className="data-section__file"
        type="file"
        name="archive"
        accept=".zip,application/zip"
        aria-describedby={aboutId}
        aria-invalid={state.kind === 'problem' ? true : undefined}
        onChange={() => state.kind === 'problem' && setState({ kind: 'idle' })}
      />
      <div className="data-section__actions">
        <SubmitButton className="button button--secondary" formSaysBusy pending={busy} idle={say('account.importStart')} busy={say('account.importReading')} />
      </div>
      <p className="data-section__status" role="status">{status}</p>
      {state.kind === 'problem' ? <p className="data-section__problem" role="alert">{state.text}</p> : null}
      {state.kind === 'done' ? <ImportSummary result={state.result} /> : null}
    </form>
  );
}

/**
 * "Your data": everything the member made, downloaded as one zip; and a zip from elsewhere, imported.
 * `downloadRef` is the download's button, for a part of the page that offers the download first.
 */
export function DataSection({ downloadRef }: { downloadRef?: Ref<HTMLButtonElement> } = {}) {
  return (
    <div className="data-section">
      <DownloadData buttonRef={downloadRef} />
      <ImportData />
    </div>
  );
}
