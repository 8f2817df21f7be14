import { and, asc, desc, eq } from 'drizzle-orm';
import { badgeLabels, dayLabel, documentLabels } from '@core/domain/trust.ts';
import { conflict, notFound } from '@core/errors.ts';
import type { DetailerDocument, DocumentDecisionInput, SubmitDocumentInput } from '@core/schemas/trust.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { detailerDocuments, detailers } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { notify, notifyAdmins } from '../notifications/notification-service.ts';
import { requireOwnUpload } from '../uploads/upload-service.ts';
import { ownDetailer } from './own-detailer.ts';

// Documents for badges (decision 050). The file is the detailer's own upload, so GET /api/uploads/:id already lets
// only them and admins read it (404 for anyone else). Admins are told of each new document and the detailer of the
// decision, in the same transaction as the write, so neither side waits without knowing.

type DocumentContext = Pick<AppContext, 'db' | 'clock' | 'afterCommit' | 'publishNotification' | 'transaction'>;

export const documentToCheckTitle = 'A document to check';

function selectDocuments(db: Database) {
  return db
    .select({ document: detailerDocuments, businessName: detailers.businessName })
    .from(detailerDocuments)
    .innerJoin(detailers, eq(detailers.id, detailerDocuments.detailerId));
}

type DocumentRow = { document: typeof detailerDocuments.$inferSelect; businessName: string };

const documentResponse = ({ document, businessName }: DocumentRow): DetailerDocument => ({
  id: document.id,
  detailerId: document.detailerId,
  businessName,
  kind: document.kind,
  fileUrl: `/api/uploads/${document.uploadId}`,
  expiresOn: document.expiresOn,
  status: document.status,
  reason: document.reason,
  submittedAt: document.createdAt.toISOString(),
});

/** POST /api/detailer/documents: an upload of the detailer's own, with its expiry date, waiting for an admin. */
export async function submitDocument(ctx: DocumentContext, actor: Actor, input: SubmitDocumentInput): Promise<DetailerDocument> {
  const user = requireRole(actor, 'detailer');
  const detailer = await ownDetailer(ctx.db, user);
  await requireOwnUpload(ctx.db, user.id, input.uploadId, 'uploadId');
  return ctx.transaction(async (tx) => {
    const [created] = await tx.db
      .insert(detailerDocuments)
      .values({ detailerId: detailer.id, kind: input.kind, uploadId: input.uploadId, expiresOn: input.expiresOn })
      .returning({ id: detailerDocuments.id });
    await notifyAdmins(tx, {
      type: 'alert',
      title: documentToCheckTitle,
      message: `${detailer.businessName} sent a document to check: ${documentLabels[input.kind]}. Open Admin, Documents.`,
      entityId: String(created!.id),
    });
    const [row] = await selectDocuments(tx.db).where(eq(detailerDocuments.id, created!.id));
    return documentResponse(row!);
  });
}

/** GET /api/detailer/documents: the detailer's own documents, newest first. */
export async function listOwnDocuments(db: Database, actor: Actor): Promise<DetailerDocument[]> {
  const user = requireRole(actor, 'detailer');
  const detailer = await ownDetailer(db, user);
  const rows = await selectDocuments(db).where(eq(detailerDocuments.detailerId, detailer.id)).orderBy(desc(detailerDocuments.id));
  return rows.map(documentResponse);
}

/** GET /api/admin/documents: the documents waiting for a decision, oldest first. */
export async function listPendingDocuments(db: Database, actor: Actor): Promise<DetailerDocument[]> {
  requireRole(actor, 'admin');
  const rows = await selectDocuments(db).where(eq(detailerDocuments.status, 'pending')).orderBy(asc(detailerDocuments.id));
  return rows.map(documentResponse);
}

/** POST /api/admin/documents/:id/decision: grant or refuse (with a reason) once; a second decision is a 409. */
export async function decideDocument(
  ctx: DocumentContext,
  actor: Actor,
  id: number,
  input: DocumentDecisionInput,
): Promise<DetailerDocument> {
  const admin = requireRole(actor, 'admin');
  const now = ctx.clock.now();
  return ctx.transaction((tx) => decideInTransaction(tx, admin.id, now, id, input));
}

async function decideInTransaction(
  tx: DocumentContext,
  adminId: number,
  now: Date,
  id: number,
  input: DocumentDecisionInput,
): Promise<DetailerDocument> {
  const { db } = tx;
  const decided = await db
    .update(detailerDocuments)
    .set({
      status: input.grant ? 'granted' : 'refused',
      reason: input.grant ? null : input.reason,
      decidedAt: now,
      decidedByUserId: adminId,
    })
    .where(and(eq(detailerDocuments.id, id), eq(detailerDocuments.status, 'pending')))
    .returning({ id: detailerDocuments.id });
  if (decided.length === 0) {
    const [exists] = await db.select({ id: detailerDocuments.id }).from(detailerDocuments).where(eq(detailerDocuments.id, id));
    throw exists ? conflict('This document has already been decided') : notFound('Document not found');
  }
  const [row] = await selectDocuments(db).where(eq(detailerDocuments.id, id));
  const document = documentResponse(row!);
  const [owner] = await db.select({ userId: detailers.userId }).from(detailers).where(eq(detailers.id, document.detailerId));
  const kind = documentLabels[document.kind];
  await notify(tx, {
    userId: owner!.userId,
    type: 'user_update',
    title: input.grant ? 'Document accepted' : 'Document not accepted',
    message: input.grant
      ? `${kind} accepted: your page shows '${badgeLabels[document.kind]}' until ${dayLabel(document.expiresOn)}.`
      : `${kind} not accepted: ${document.reason}`,
    entityId: String(document.id),
  });
  return document;
}
