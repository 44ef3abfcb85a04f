// The part of eBay's Sell APIs the shop uses (docs/product/ebay.md#sell-api), with eBay's own field
// names. The live client and the demo fake (EBAY_MODE) both answer through this interface.

/** eBay's inventory item (PUT /sell/inventory/v1/inventory_item/{sku} replaces the whole record). */
export interface InventoryItem {
  sku?: string;
  locale?: string;
  condition: string;
  conditionDescription?: string;
  availability: { shipToLocationAvailability: { quantity: number } };
  product: {
    title: string;
    description: string;
    imageUrls: string[];
    aspects?: Record<string, string[]>;
    ean?: string[];
  };
}

/** eBay's offer (POST /sell/inventory/v1/offer). */
export interface Offer {
  offerId?: string;
  sku: string;
  marketplaceId: 'EBAY_IT';
  format: 'FIXED_PRICE';
  availableQuantity: number;
  categoryId: string;
  merchantLocationKey: string;
  pricingSummary: { price: { value: string; currency: 'EUR' } };
  listingPolicies: { fulfillmentPolicyId: string; paymentPolicyId: string; returnPolicyId: string };
  listingDescription?: string;
  status?: 'PUBLISHED' | 'UNPUBLISHED';
  listing?: { listingId: string; listingStatus?: string };
}

/** One entry of POST /sell/inventory/v1/bulk_update_price_quantity (at most 25 per call). */
export interface PriceQuantity {
  sku: string;
  shipToLocationAvailability?: { quantity: number };
  offers?: { offerId: string; availableQuantity?: number; price?: { value: string; currency: 'EUR' } }[];
}

/** Its answer, one per SKU: statusCode 200 or eBay's errors. */
export interface PriceQuantityResult {
  sku: string;
  offerId?: string;
  statusCode: number;
  errors?: { errorId: number; message: string }[];
}

/** An order of the Fulfillment API (GET /sell/fulfillment/v1/order), with the fields the shop reads. */
export interface EbayOrder {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  orderPaymentStatus: 'PAID' | 'PENDING' | 'FAILED' | 'FULLY_REFUNDED' | 'PARTIALLY_REFUNDED';
  cancelStatus: { cancelState: 'NONE_REQUESTED' | 'IN_PROGRESS' | 'CANCELED' };
  buyer: { username: string; buyerRegistrationAddress?: { email?: string; fullName?: string } };
  pricingSummary: {
    total: { value: string; currency: string };
    deliveryCost?: { value: string; currency: string };
  };
  fulfillmentStartInstructions: {
    shippingStep: {
      shipTo: {
        fullName: string;
        contactAddress: {
          addressLine1: string;
          addressLine2?: string;
          city: string;
          stateOrProvince?: string;
          postalCode?: string;
          countryCode: string;
        };
        primaryPhone?: { phoneNumber: string };
        email?: string;
      };
    };
  }[];
  lineItems: {
    lineItemId: string;
    sku?: string;
    title: string;
    quantity: number;
    lineItemCost: { value: string; currency: string };
    legacyItemId?: string;
  }[];
}

/** POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment: one parcel's tracking. */
export interface ShippingFulfillment {
  lineItems: { lineItemId: string; quantity: number }[];
  shippedDate: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}

/** eBay answered with an error: its HTTP status and eBay's error message. 429 and 5xx are worth a retry. */
export class EbayError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500 || this.status === 0;
  }
}

/** The calls the shop makes with the seller's user token (refreshed by the implementation before it expires). */
export interface EbayApi {
  createInventoryLocation(
    key: string,
    location: { name: string; address: Record<string, string> },
  ): Promise<void>;
  putInventoryItem(sku: string, item: InventoryItem): Promise<void>;
  getInventoryItem(sku: string): Promise<InventoryItem | null>;
  /** One page of the seller's inventory items (limit ≤ 200). */
  getInventoryItems(
    offset: number,
    limit: number,
  ): Promise<{ total: number; inventoryItems: (InventoryItem & { sku: string })[] }>;
  createOffer(offer: Offer): Promise<{ offerId: string }>;
  updateOffer(offerId: string, offer: Offer): Promise<void>;
  getOffers(sku: string): Promise<Offer[]>;
  publishOffer(offerId: string): Promise<{ listingId: string }>;
  withdrawOffer(offerId: string): Promise<void>;
  bulkUpdatePriceQuantity(requests: PriceQuantity[]): Promise<PriceQuantityResult[]>;
  /** Orders modified at or after `since`, one page (limit ≤ 200), oldest change first as eBay gives them. */
  getOrders(since: Date, offset: number, limit: number): Promise<{ total: number; orders: EbayOrder[] }>;
  getOrder(orderId: string): Promise<EbayOrder | null>;
  createShippingFulfillment(
    orderId: string,
    fulfillment: ShippingFulfillment,
  ): Promise<{ fulfillmentId: string }>;
}

/** What eBay's token endpoint gives for a consent (authorization-code grant). */
export interface UserTokens {
  accessToken: string;
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

/** eBay's OAuth 2 for the seller's account: the consent page, the code exchange, the refresh. */
export interface EbayOAuth {
  /** The page the admin's browser is sent to; eBay sends it back to the shop's callback with `code` and `state`. */
  consentUrl(state: string): string;
  exchangeCode(code: string): Promise<UserTokens>;
  refresh(refreshToken: string): Promise<{ accessToken: string; accessTokenExpiresAt: Date }>;
  /** The eBay user the token belongs to (the fake answers its demo seller). */
  username(accessToken: string): Promise<string>;
}

/** Where the API client takes the seller's access token from (svc-channels' account store refreshes it). */
export interface TokenSource {
  accessToken(): Promise<string>;
  /** eBay answered 401 to this token: the next accessToken() refreshes. */
  invalidate(token: string): void;
}
