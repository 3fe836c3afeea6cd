import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/db/client';
import { publications } from '@/db/schema';
import type { CategoryKind, ListingStatus, SaleMode } from '@/db/schema/marketplace-values';
import type { CategoryAttribute } from '@/db/schema/marketplace';
import { conflict, forbidden, invalidField, notFound, validationError } from '../kernel/errors';
import { moneyValue } from '../kernel/fields/record-fields';
import type { FieldErrors } from '../kernel/validation';
import type { MediaStore } from '../media/store';
import { attributeErrors, normalizedAttributes } from './category-attributes';
import { getListing, listingForWrite, type Viewer } from './listing-queries';
import type { Listing, ListingCreate, ListingUpdate } from './listing-schema';
import { managedBy } from './seller-access';

/** States a seller may no longer edit: over, or held by a moderator. */
const EDIT_FROZEN_STATUSES: readonly ListingStatus[] = ['sold', 'suspended', 'removed', 'archived'];

/** Kinds whose listings are enquiries unless told: a horse sale needs a trial and a vetting. */
const ENQUIRY_KINDS: readonly CategoryKind[] = ['horse', 'stallion_service'];

type CategoryRow = { id: string; kind: CategoryKind; attributes: CategoryAttribute[] };

/** A category a listing may be filed under: it and its root active. 422 on `category_id`. */
async function activeCategory(db: Database, categoryId: string): Promise<CategoryRow> {
  const [row] = await queryRows<CategoryRow>(
    db,
    sql`select c.id, c.kind, c.attributes from marketplace_categories c
         where c.id = ${categoryId} and c.active
           and (c.parent_id is null or exists (
                 select 1 from marketplace_categories r where r.id = c.parent_id and r.active))`,
  );
  if (!row) throw invalidField('category_id', 'The selected category does not exist or is closed.');
  return row;
}

type SellerRow = {
  id: string;
  organization_id: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  managed: boolean;
};

/**
 * The seller profile a new listing belongs to: the one named (404, or 403 when the caller does
 * not manage it), else the caller's personal one (422 when they have none). Held until commit.
 */
async function sellerFor(db: Database, userId: string, profileId: string | undefined) {
  const [row] = await queryRows<SellerRow>(
    db,
    sql`select sp.id, sp.organization_id, sp.city, sp.state, sp.country,
               ${managedBy(userId)} as managed
          from seller_profiles sp
         where ${profileId === undefined ? sql`sp.user_id = ${userId}` : sql`sp.id = ${profileId}`}
         for key share`,
  );
  if (!row) {
    if (profileId !== undefined) throw notFound('Seller profile');
    throw invalidField('seller_profile_id', 'Create your seller profile first.');
  }
  if (!row.managed) throw forbidden('This seller profile is not yours.');
  return row;
}

/** The horse identity a listing shows: it exists and was not merged into another. */
async function horseErrors(db: Database, identityId: string): Promise<FieldErrors> {
  const [row] = await queryRows<{ status: string; merged_into_id: string | null }>(
    db,
    sql`select status, merged_into_id from horse_identities where id = ${identityId}`,
  );
  if (!row) return { horse_identity_id: ['The horse identity was not found.'] };
  if (row.status === 'merged')
    return {
      horse_identity_id: [
        `The horse identity was merged into ${row.merged_into_id}: use that one.`,
      ],
    };
  return {};
}

/**
 * The stallion services a listing offers: a stallion-service listing's alone, and each a public,
 * active service of the stud that owns the seller profile (C.9).
 */
async function serviceErrors(
  db: Database,
  kind: CategoryKind,
  organizationId: string | null,
  serviceIds: readonly string[],
): Promise<FieldErrors> {
  if (serviceIds.length === 0) return {};
  if (kind !== 'stallion_service')
    return { service_ids: ['Only stallion-service listings offer services.'] };
  const ids = [...new Set(serviceIds)];
  const [row] = organizationId
    ? await queryRows<{ found: number }>(
        db,
        sql`select count(*)::int as found from stud_services s
              join organizations o on o.id = s.stud_id and o.type = 'stud'
             where s.stud_id = ${organizationId} and s.id = any(${sql.param(ids)}::uuid[])
               and s.public and s.active`,
      )
    : [];
  if ((row?.found ?? 0) !== ids.length)
    return {
      service_ids: ["Each service must be a public, active service of the seller's stud."],
    };
  return {};
}

/**
 * The rules over a listing's final fields, whoever wrote them: a price unless it is on
 * request, and a buy-now listing has one.
 */
function priceErrors(fields: {
  price: string | number | null;
  price_type: string;
  sale_mode: SaleMode;
}): FieldErrors {
  if (fields.price_type === 'on_request') {
    return fields.sale_mode === 'buy_now'
      ? { sale_mode: ['A buy-now listing needs a price: choose enquiry for a price on request.'] }
      : {};
  }
  return fields.price === null ? { price: ['The price field is required unless on request.'] } : {};
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * POST /listings: a draft of a seller profile the caller manages (their personal one unless
 * told), checked against its category. Enquiry by default for horses, stallion services and
 * prices on request; the seller's location unless one is given.
 */
export async function createListing(
  db: Database,
  viewer: Viewer,
  input: ListingCreate,
): Promise<Listing> {
  return db.transaction(async (tx) => {
    const seller = await sellerFor(tx, viewer.userId, input.seller_profile_id);
    const category = await activeCategory(tx, input.category_id);
    const priceType = input.price_type ?? 'fixed';
    const saleMode =
      input.sale_mode ??
      (ENQUIRY_KINDS.includes(category.kind) || priceType === 'on_request' ? 'enquiry' : 'buy_now');
    const attributes = input.attributes ?? {};
    const serviceIds = [...new Set(input.service_ids ?? [])];
    throwIfAny({
      ...attributeErrors(category.attributes, attributes),
      ...priceErrors({ price: input.price ?? null, price_type: priceType, sale_mode: saleMode }),
      ...(input.horse_identity_id ? await horseErrors(tx, input.horse_identity_id) : {}),
      ...(await serviceErrors(tx, category.kind, seller.organization_id, serviceIds)),
    });
    const location = input.location ?? seller;
    const [row] = await tx
      .insert(publications)
      .values({
        sellerProfileId: seller.id,
        categoryId: category.id,
        title: input.title,
        description: input.description ?? '',
        price: moneyValue(input.price ?? null),
        priceType,
        saleMode,
        quantity: input.quantity ?? 1,
        condition: input.condition ?? null,
        city: location.city ?? null,
        state: location.state ?? null,
        country: location.country ?? null,
        ships: input.shipping?.ships ?? false,
        shippingPrice: moneyValue(input.shipping?.price ?? null),
        pickup: input.shipping?.pickup ?? true,
        attributes: normalizedAttributes(category.attributes, attributes),
        horseIdentityId: input.horse_identity_id ?? null,
        serviceIds,
        status: 'draft',
        createdBy: viewer.userId,
      })
      .returning({ id: publications.id });
    return getListing(tx, viewer, row!.id);
  });
}

/** JSON with its keys sorted: equal values write the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * The listing's images after a PUT's `image_ids`: each one of its own, none twice (422 on
 * `image_ids`). Answers the ids left out.
 */
function droppedImages(current: readonly string[], given: readonly string[]): string[] {
  const unknown = given.filter((id) => !current.includes(id));
  if (unknown.length > 0 || new Set(given).size !== given.length)
    throw invalidField('image_ids', 'The image ids must be images of this listing, each once.');
  return current.filter((id) => !given.includes(id));
}

/**
 * PUT /listings/{id}: the fields given, re-checked with the (possibly new) category. An active
 * listing whose title, description, category, attributes or images change goes back to
 * moderation (`pending`); one whose quantity reaches 0 is `sold`. `image_ids` orders the
 * images and deletes those left out (links and files, unless another listing or the avatar
 * uses them); bucket objects are discarded after the commit.
 */
export async function updateListing(
  db: Database,
  store: MediaStore,
  viewer: Viewer,
  listingId: string,
  input: ListingUpdate,
): Promise<Listing> {
  const { listing, discarded } = await db.transaction(async (tx) => {
    const current = await listingForWrite(tx, viewer, listingId, { lock: true });
    if (EDIT_FROZEN_STATUSES.includes(current.status))
      throw conflict(`This listing is ${current.status}: it can no longer be edited.`);

    const categoryChanged =
      input.category_id !== undefined && input.category_id !== current.category_id;
    const category: CategoryRow = categoryChanged
      ? await activeCategory(tx, input.category_id!)
      : {
          id: current.category_id,
          kind: current.category_kind,
          attributes: current.category_attributes,
        };
    const attributes =
      input.attributes !== undefined || categoryChanged
        ? (input.attributes ?? current.attributes)
        : undefined;
    // A new category of another kind drops the services it cannot offer, unless some are sent.
    const serviceIds =
      input.service_ids !== undefined
        ? [...new Set(input.service_ids)]
        : categoryChanged && category.kind !== 'stallion_service'
          ? []
          : undefined;
    const price = input.price !== undefined ? moneyValue(input.price) : current.price;
    const dropped = input.image_ids ? droppedImages(current.image_ids, input.image_ids) : [];
    throwIfAny({
      ...(attributes !== undefined ? attributeErrors(category.attributes, attributes) : {}),
      ...priceErrors({
        price,
        price_type: input.price_type ?? current.price_type,
        sale_mode: input.sale_mode ?? current.sale_mode,
      }),
      ...(input.horse_identity_id ? await horseErrors(tx, input.horse_identity_id) : {}),
      ...(input.service_ids !== undefined || categoryChanged
        ? await serviceErrors(
            tx,
            category.kind,
            current.seller_organization_id,
            serviceIds ?? current.service_ids,
          )
        : {}),
    });

    const storedAttributes =
      attributes !== undefined ? normalizedAttributes(category.attributes, attributes) : undefined;
    const contentChanged =
      (input.title !== undefined && input.title !== current.title) ||
      (input.description !== undefined && input.description !== current.description) ||
      categoryChanged ||
      (storedAttributes !== undefined &&
        canonical(storedAttributes) !== canonical(current.attributes)) ||
      (input.image_ids !== undefined &&
        canonical(input.image_ids) !== canonical(current.image_ids));
    let status = current.status;
    if (current.status === 'active' && input.quantity === 0) status = 'sold';
    else if (current.status === 'active' && contentChanged) status = 'pending';

    await tx
      .update(publications)
      .set({
        categoryId: category.id,
        title: input.title,
        description: input.description,
        price: input.price !== undefined ? price : undefined,
        priceType: input.price_type,
        saleMode: input.sale_mode,
        quantity: input.quantity,
        condition: input.condition,
        city: input.location?.city,
        state: input.location?.state,
        country: input.location?.country,
        ships: input.shipping?.ships,
        shippingPrice:
          input.shipping?.price !== undefined ? moneyValue(input.shipping.price) : undefined,
        pickup: input.shipping?.pickup,
        attributes: storedAttributes,
        horseIdentityId: input.horse_identity_id,
        serviceIds,
        status,
        updatedAt: sql`now()`,
      })
      .where(eq(publications.id, current.id));

    let discarded: { key: string; store: string }[] = [];
    if (input.image_ids) {
      if (dropped.length > 0) {
        await tx.execute(
          sql`delete from publication_media
               where publication_id = ${current.id} and media_id = any(${sql.param(dropped)}::uuid[])`,
        );
        discarded = await queryRows<{ key: string; store: string }>(
          tx,
          sql`delete from media m
               where m.id = any(${sql.param(dropped)}::uuid[])
                 and m.seller_profile_id = ${current.seller_profile_id}
                 and not exists (select 1 from publication_media o where o.media_id = m.id)
                 and not exists (select 1 from seller_profiles s where s.avatar_media_id = m.id)
              returning m.storage_key as key, m.store`,
        );
      }
      if (input.image_ids.length > 0)
        await tx.execute(
          sql`update publication_media pm set position = o.ord - 1
                from unnest(${sql.param(input.image_ids)}::uuid[]) with ordinality o(id, ord)
               where pm.publication_id = ${current.id} and pm.media_id = o.id`,
        );
    }
    return { listing: await getListing(tx, viewer, current.id), discarded };
  });
  // A bucket's object outlives a failed discard only as unreachable bytes: the rows are gone.
  for (const file of discarded)
    if (file.store === 's3') await store.discard(file.key).catch(() => undefined);
  return listing;
}
