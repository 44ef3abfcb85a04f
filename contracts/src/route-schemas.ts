import type { z } from 'zod';
import { PaymentDataReset, PaymentResetPreview, PaymentStats, VisitRequest, VisitStats } from './analytics';
import { AuditEntryList, AuditQuery } from './audit';
import {
  Discount,
  DiscountCheckRequest,
  DiscountCheckResponse,
  DiscountIdParams,
  DiscountInput,
  DiscountList,
} from './discounts';
import {
  PasswordChangeRequest,
  SessionState,
  SessionStateParams,
  StaffLoginRequest,
  StaffLoginResponse,
  StaffMe,
} from './auth';
import {
  InvoiceRequest,
  NextInvoiceNumber,
  NextInvoiceNumberQuery,
  OrderFilterQuery,
  OrderList,
  OrderListQuery,
  OrderNoteRequest,
  OrderTimeline,
  PartialRefundRequest,
  TimelineEntry,
  CreateShipmentRequest,
  CreateShipmentResponse,
  MergedLabelsRequest,
  ShipmentIdParams,
  ShipmentQuotes,
  TakingsQuery,
} from './back-office-orders';
import {
  CustomerAdminDetail,
  CustomerIdParams,
  CustomerListPage,
  CustomerListQuery,
  CustomerStaffUpdate,
  GuestCustomerQuery,
} from './back-office-customers';
import {
  CounterClosure,
  CounterClosureList,
  CounterReturnRequest,
  CounterSale,
  CounterSaleList,
  CounterSaleParams,
  CounterSalesQuery,
  CounterSaleRequest,
  CounterStatus,
  DemoRtJournal,
  ExternalSaleRequest,
  StockLookup,
  StockLookupQuery,
} from './counter';
import {
  AdminArticle,
  Article,
  AdminArticleCounts,
  AdminArticlePage,
  AdminArticleQuery,
  ArticleActiveRequest,
  ArticleDeleted,
  ArticleForm,
  ArticleIdParams,
  ArticleList,
  ArticlePhotoParams,
  ArticlePhotosOrder,
  ArticlePhotoUpload,
  IvaOptionList,
  MediaParams,
  StockAdjusted,
  StockAdjustmentRequest,
  StockMovementList,
} from './catalog';
import { ArticleSlugParams, SearchQuery, SearchResults, SearchSuggestions, SuggestQuery } from './search';
import {
  DemoEbayOrder,
  DemoEbayOrderParams,
  DemoEbayPurchase,
  EbayAccount,
  EbayCallbackQuery,
  EbayConsent,
  EbayDisconnected,
  EbayListing,
  EbayListingSettingsRequest,
  EbayReconciliation,
  EbayReconciliationList,
  ExternalOrderCancel,
  ExternalOrderImport,
  ExternalOrderStored,
  StockConflictList,
} from './channels';
import { ContactMessageRequest, ContactMessageResponse } from './contact';
import {
  Customer,
  CustomerLoginRequest,
  CustomerLoginResponse,
  CustomerOrderList,
  CustomerProfileUpdate,
  CustomerRegistration,
} from './customers';
import {
  CustomerConsentsAnswer,
  CustomerDataExport,
  CustomerDataQuestion,
  CustomerErasureRequest,
  CustomerReviewsAnswer,
} from './customer-data';
import { EmailLog, EmailLogQuery, ProcessScheduledEmailsResponse } from './emails';
import {
  PasswordResetAccepted,
  PasswordResetConfirm,
  PasswordResetDone,
  PasswordResetRequest,
} from './password-reset';
import { Health } from './health';
import {
  NewsletterConfirmRequest,
  NewsletterSubscribeRequest,
  NewsletterSubscribeResponse,
  NewsletterUnsubscribeRequest,
  NewsletterUnsubscribeResponse,
} from './newsletter';
import {
  StockAlertAccepted,
  StockAlertAnswer,
  StockAlertRequest,
  StockAlertTokenRequest,
  StockAlertWaiting,
} from './stock-alerts';
import {
  CancelOrderRequest,
  CancelOrderResponse,
  CreateOrderRequest,
  CreateOrderResponse,
  CreditNoteParams,
  Order,
  OrderDetail,
  OrderIdParams,
  OrderStatusChangeQuery,
  RecordTransferRequest,
  OrderLinkQuery,
  OrderPage,
  OrderPageQuery,
} from './orders';
// Marketplace orders (svc-orders' side of the eBay channel).
import {
  CheckoutSessionParams,
  CheckoutSessionResponse,
  CheckoutSessionStatus,
  DemoPaymentDecision,
  DemoPaymentParams,
  DemoPaymentView,
  InternalCreateOrderRequest,
  InternalOrder,
  InternalPaymentExpiry,
  KlarnaIntentRequest,
  KlarnaIntentResponse,
  KlarnaVerifyRequest,
  KlarnaVerifyResponse,
  OnlineCheckoutRequest,
  PaymentsConfig,
  PaypalCaptureRequest,
  PaypalCaptureResponse,
  PaypalCreateOrderResponse,
} from './payments';
import {
  ArticleReviewsParams,
  HelpfulVote,
  PublicReview,
  PublicReviewList,
  RecentReviewsQuery,
  Review,
  ReviewCreate,
  ReviewIdParams,
  ReviewList,
  ReviewReplyRequest,
  ReviewStatistics,
  ReviewSummary,
} from './reviews';
import { ROUTES, type Route, type RouteName } from './routes';
import {
  ShippingPreview,
  ShippingPreviewRequest,
  ShippingQuote,
  ShippingQuoteQuery,
  ShippingRule,
  ShippingRuleDeleted,
  ShippingRuleInput,
  ShippingRuleList,
  ShippingRuleParams,
} from './shipping';
import {
  ArticleParcels,
  ArticleParcelsQuery,
  ArticlePrices,
  ArticlePricesQuery,
  ArticlesByEan,
  ArticlesByEanQuery,
  StockReservationParams,
  StockReservationRequest,
} from './stock';

/** What a route takes and answers, as zod schemas: params, query, body and the answer's body. */
export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: z.ZodType;
}

const staffArticleList = { query: AdminArticleQuery, answer: AdminArticlePage };
const articleDeletion = { params: ArticleIdParams, answer: ArticleDeleted };
const shippingRuleUpdate = { params: ShippingRuleParams, body: ShippingRuleInput, answer: ShippingRule };
const shippingRuleDeletion = { params: ShippingRuleParams, answer: ShippingRuleDeleted };
const demoDecision = { params: DemoPaymentParams, answer: DemoPaymentDecision };

/**
 * The schemas of ROUTES, by the same keys: kept apart from ROUTES because the storefront's slices read the
 * paths but keep zod off their first paint (docs/decisions/0011-storefront-speed.md). A route without
 * schemas (a file download, a webhook's raw body) has none here.
 */
export const ROUTE_SCHEMAS = {
  'GET /healthz': { answer: Health },
  'GET /readyz': { answer: Health },
  // svc-catalog
  'GET /public/articles': { answer: ArticleList },
  'GET /public/articles/prevendita': { answer: ArticleList },
  'GET /public/articles/prenotazione': { answer: ArticleList },
  'GET /public/articles/by-slug/:slug': { params: ArticleSlugParams, answer: Article },
  'POST /public/articles/:id/alerts': {
    params: ArticleIdParams,
    body: StockAlertRequest,
    answer: StockAlertAccepted,
  },
  'GET /public/search': { query: SearchQuery, answer: SearchResults },
  'GET /public/search/suggest': { query: SuggestQuery, answer: SearchSuggestions },
  'GET /media/*path': { params: MediaParams },
  'GET /articles/:id/reviews': { params: ArticleReviewsParams, answer: PublicReviewList },
  'GET /reviews/stats/:id': { params: ArticleReviewsParams, answer: ReviewSummary },
  'GET /reviews/recent': { query: RecentReviewsQuery, answer: PublicReviewList },
  'POST /reviews': { body: ReviewCreate, answer: PublicReview },
  'POST /reviews/:id/helpful': { params: ReviewIdParams, answer: HelpfulVote },
  'POST /analytics/visit': { body: VisitRequest },
  'GET /api/articles': staffArticleList,
  'GET /api/admin/articles/prevendita': staffArticleList,
  'GET /api/admin/articles/prenotazione': staffArticleList,
  'GET /api/admin/articles/counts': { answer: AdminArticleCounts },
  'POST /api/articles': { body: ArticleForm, answer: AdminArticle },
  'PUT /api/articles/:id': { params: ArticleIdParams, body: ArticleForm, answer: AdminArticle },
  'PATCH /api/articles/:id/active': {
    params: ArticleIdParams,
    body: ArticleActiveRequest,
    answer: AdminArticle,
  },
  'POST /api/articles/:id/photos': {
    params: ArticleIdParams,
    body: ArticlePhotoUpload,
    answer: AdminArticle,
  },
  'PUT /api/articles/:id/photos': { params: ArticleIdParams, body: ArticlePhotosOrder, answer: AdminArticle },
  'DELETE /api/articles/:id/photos/:photo_id': { params: ArticlePhotoParams, answer: AdminArticle },
  'GET /api/articles/:id/stock-movements': { params: ArticleIdParams, answer: StockMovementList },
  'GET /api/stock/lookup': { query: StockLookupQuery, answer: StockLookup },
  'POST /api/stock/external-sales': { body: ExternalSaleRequest, answer: StockAdjusted },
  'GET /api/articles/:id/ebay': { params: ArticleIdParams, answer: EbayListing },
  'PUT /api/articles/:id/ebay': {
    params: ArticleIdParams,
    body: EbayListingSettingsRequest,
    answer: EbayListing,
  },
  'POST /api/articles/:id/stock': {
    params: ArticleIdParams,
    body: StockAdjustmentRequest,
    answer: StockAdjusted,
  },
  'DELETE /articles/:id': articleDeletion,
  'DELETE /api/articles/:id': articleDeletion,
  'GET /api/config/iva-options': { answer: IvaOptionList },
  'GET /api/admin/reviews/all': { answer: ReviewList },
  'GET /api/admin/reviews/pending': { answer: ReviewList },
  'GET /api/admin/reviews/stats': { answer: ReviewStatistics },
  'PATCH /api/admin/reviews/:id/approve': { params: ReviewIdParams, answer: Review },
  'POST /admin/reviews/:id/respond': { params: ReviewIdParams, body: ReviewReplyRequest, answer: Review },
  'PATCH /api/admin/reviews/:id/hide': { params: ReviewIdParams, answer: Review },
  'DELETE /api/admin/reviews/:id': { params: ReviewIdParams },
  'GET /analytics/stats': { answer: VisitStats },
  'POST /internal/stock/reservations': { body: StockReservationRequest },
  'DELETE /internal/stock/reservations/:order_id': { params: StockReservationParams },
  'GET /internal/articles/parcels': { query: ArticleParcelsQuery, answer: ArticleParcels },
  'GET /internal/articles/prices': { query: ArticlePricesQuery, answer: ArticlePrices },
  'GET /internal/articles/by-ean': { query: ArticlesByEanQuery, answer: ArticlesByEan },
  'POST /internal/customers/reviews': { body: CustomerDataQuestion, answer: CustomerReviewsAnswer },
  'POST /internal/customers/consents': { body: CustomerDataQuestion, answer: CustomerConsentsAnswer },
  // svc-orders
  'POST /orders': { body: CreateOrderRequest, answer: CreateOrderResponse },
  'POST /orders/:id/cancel': { params: OrderIdParams, body: CancelOrderRequest, answer: CancelOrderResponse },
  'GET /orders/:id': { params: OrderIdParams, query: OrderPageQuery, answer: OrderPage },
  'GET /orders/:id/invoice.pdf': { params: OrderIdParams, query: OrderLinkQuery },
  'GET /orders/:id/credit-notes/:number.pdf': { params: CreditNoteParams, query: OrderLinkQuery },
  'GET /shipping/calculate': { query: ShippingQuoteQuery, answer: ShippingQuote },
  'POST /api/customers/register': { body: CustomerRegistration, answer: Customer },
  'POST /api/customers/login': { body: CustomerLoginRequest, answer: CustomerLoginResponse },
  'PUT /api/customers/password': { body: PasswordChangeRequest, answer: CustomerLoginResponse },
  'GET /api/customers/profile': { answer: Customer },
  'PUT /api/customers/profile': { body: CustomerProfileUpdate, answer: Customer },
  'GET /api/customers/orders': { answer: CustomerOrderList },
  'GET /api/customers/orders/:id/invoice.pdf': { params: OrderIdParams },
  'GET /api/customers/me/export': { answer: CustomerDataExport },
  'DELETE /api/customers/me': { body: CustomerErasureRequest },
  'POST /api/customers/password-reset': { body: PasswordResetRequest, answer: PasswordResetAccepted },
  'POST /api/customers/password-reset/confirm': { body: PasswordResetConfirm, answer: PasswordResetDone },
  'POST /api/auth/login': { body: StaffLoginRequest, answer: StaffLoginResponse },
  'GET /api/auth/me': { answer: StaffMe },
  'PUT /api/auth/password': { body: PasswordChangeRequest, answer: StaffLoginResponse },
  'GET /api/orders': { query: OrderListQuery, answer: OrderList },
  'GET /api/orders/stock-conflicts': { answer: StockConflictList },
  'POST /api/orders/:id/stock-conflict/retry': { params: OrderIdParams, answer: Order },
  'GET /api/orders/:id': { params: OrderIdParams, answer: OrderDetail },
  'GET /api/orders/:id/timeline': { params: OrderIdParams, answer: OrderTimeline },
  'POST /api/orders/:id/notes': { params: OrderIdParams, body: OrderNoteRequest, answer: TimelineEntry },
  'PUT /api/orders/:id/status': { params: OrderIdParams, query: OrderStatusChangeQuery, answer: Order },
  'PUT /api/orders/:id/payment': { params: OrderIdParams, body: RecordTransferRequest, answer: Order },
  'POST /api/orders/:id/refunds': { params: OrderIdParams, body: PartialRefundRequest, answer: Order },
  'PUT /orders/:id/invoice': { params: OrderIdParams, body: InvoiceRequest, answer: Order },
  'PUT /api/orders/:id/invoice-data': { params: OrderIdParams, answer: Order },
  'GET /api/invoices/next-number': { query: NextInvoiceNumberQuery, answer: NextInvoiceNumber },
  'GET /api/orders/:id/invoice.pdf': { params: OrderIdParams },
  'GET /api/orders/:id/invoice.xml': { params: OrderIdParams },
  'GET /api/orders/:id/credit-notes/:number.pdf': { params: CreditNoteParams },
  'GET /api/orders/:id/credit-notes/:number.xml': { params: CreditNoteParams },
  'GET /orders/export/csv': { query: OrderFilterQuery },
  'GET /api/exports/takings.csv': { query: TakingsQuery },
  'GET /api/pos/status': { answer: CounterStatus },
  'GET /api/pos/sales': { query: CounterSalesQuery, answer: CounterSaleList },
  'POST /api/pos/sales': { body: CounterSaleRequest, answer: CounterSale },
  'GET /api/pos/sales/:id': { params: CounterSaleParams, answer: CounterSale },
  'POST /api/pos/sales/:id/returns': {
    params: CounterSaleParams,
    body: CounterReturnRequest,
    answer: CounterSale,
  },
  'GET /api/pos/closures': { answer: CounterClosureList },
  'POST /api/pos/closures': { answer: CounterClosure },
  'GET /api/pos/demo-rt': { answer: DemoRtJournal },
  'GET /api/orders/:id/shipment-quotes': { params: OrderIdParams, answer: ShipmentQuotes },
  'POST /api/orders/:id/create-shipment': {
    params: OrderIdParams,
    body: CreateShipmentRequest,
    answer: CreateShipmentResponse,
  },
  'GET /api/shipments/:id/label': { params: ShipmentIdParams },
  'POST /api/shipments/labels': { body: MergedLabelsRequest },
  'GET /api/orders/:id/packing-slip.pdf': { params: OrderIdParams },
  'GET /api/admin/shipping/rules': { answer: ShippingRuleList },
  'POST /api/admin/shipping/preview': { body: ShippingPreviewRequest, answer: ShippingPreview },
  'POST /api/admin/shipping/rules': { body: ShippingRuleInput, answer: ShippingRule },
  'PUT /admin/shipping/rules/:id': shippingRuleUpdate,
  'PUT /api/admin/shipping/rules/:id': shippingRuleUpdate,
  'DELETE /admin/shipping/rules/:id': shippingRuleDeletion,
  'DELETE /api/admin/shipping/rules/:id': shippingRuleDeletion,
  'GET /api/analytics/payment-stats': { answer: PaymentStats },
  'GET /analytics/reset-payment-data': { answer: PaymentResetPreview },
  'DELETE /analytics/reset-payment-data': { answer: PaymentDataReset },
  'GET /api/admin/audit': { query: AuditQuery, answer: AuditEntryList },
  'GET /api/admin/customers': { query: CustomerListQuery, answer: CustomerListPage },
  'GET /api/admin/customers/guest': { query: GuestCustomerQuery, answer: CustomerAdminDetail },
  'GET /api/admin/customers/:id': { params: CustomerIdParams, answer: CustomerAdminDetail },
  'GET /api/admin/customers/:id/export': { params: CustomerIdParams, answer: CustomerDataExport },
  'DELETE /api/admin/customers/:id': { params: CustomerIdParams },
  'PUT /api/admin/customers/:id': {
    params: CustomerIdParams,
    body: CustomerStaffUpdate,
    answer: CustomerAdminDetail,
  },
  'GET /api/admin/discounts': { answer: DiscountList },
  'POST /api/admin/discounts': { body: DiscountInput, answer: Discount },
  'PUT /api/admin/discounts/:id': { params: DiscountIdParams, body: DiscountInput, answer: Discount },
  'POST /api/admin/discounts/:id/pause': { params: DiscountIdParams, answer: Discount },
  'POST /api/admin/discounts/:id/resume': { params: DiscountIdParams, answer: Discount },
  'POST /public/discounts/check': { body: DiscountCheckRequest, answer: DiscountCheckResponse },
  'POST /internal/orders': { body: InternalCreateOrderRequest, answer: InternalOrder },
  'POST /internal/orders/external': { body: ExternalOrderImport, answer: ExternalOrderStored },
  'POST /internal/orders/external/cancel': { body: ExternalOrderCancel, answer: Order },
  'GET /internal/orders/:id': { params: OrderIdParams, answer: InternalOrder },
  'GET /internal/sessions/:kind/:id': { params: SessionStateParams, answer: SessionState },
  // svc-payments
  'GET /payments/config': { answer: PaymentsConfig },
  'POST /checkout/session': { body: OnlineCheckoutRequest, answer: CheckoutSessionResponse },
  'GET /checkout/session/:id': { params: CheckoutSessionParams, answer: CheckoutSessionStatus },
  'POST /checkout/session/:id/cancel': { params: CheckoutSessionParams },
  'POST /payments/klarna/create-intent': { body: KlarnaIntentRequest, answer: KlarnaIntentResponse },
  'POST /payments/klarna/verify': { body: KlarnaVerifyRequest, answer: KlarnaVerifyResponse },
  'POST /payments/klarna/cancel': { body: KlarnaVerifyRequest },
  'POST /paypal/create-order': { body: OnlineCheckoutRequest, answer: PaypalCreateOrderResponse },
  'POST /paypal/capture-order': { body: PaypalCaptureRequest, answer: PaypalCaptureResponse },
  'POST /paypal/cancel-order': { body: PaypalCaptureRequest },
  'GET /payments/demo/:kind/:id': { params: DemoPaymentParams, answer: DemoPaymentView },
  'POST /payments/demo/:kind/:id/approve': demoDecision,
  'POST /payments/demo/:kind/:id/decline': demoDecision,
  'POST /internal/orders/:id/expire-payments': { params: OrderIdParams, answer: InternalPaymentExpiry },
  // svc-notify
  'POST /newsletter/subscribe': { body: NewsletterSubscribeRequest, answer: NewsletterSubscribeResponse },
  'POST /stock-alerts/confirm': { body: StockAlertTokenRequest, answer: StockAlertAnswer },
  'POST /stock-alerts/unsubscribe': { body: StockAlertTokenRequest, answer: StockAlertAnswer },
  'GET /api/admin/stock-alerts/waiting': { answer: StockAlertWaiting },
  'POST /newsletter/confirm': { body: NewsletterConfirmRequest, answer: NewsletterUnsubscribeResponse },
  'POST /newsletter/unsubscribe': {
    body: NewsletterUnsubscribeRequest,
    answer: NewsletterUnsubscribeResponse,
  },
  'POST /contact/messages': { body: ContactMessageRequest, answer: ContactMessageResponse },
  'GET /api/admin/emails': { query: EmailLogQuery, answer: EmailLog },
  'POST /admin/process-scheduled-emails': { answer: ProcessScheduledEmailsResponse },
  // svc-channels
  'GET /api/ebay/account': { answer: EbayAccount },
  'POST /api/ebay/connect': { answer: EbayConsent },
  'DELETE /api/ebay/account': { answer: EbayDisconnected },
  'GET /api/ebay/callback': { query: EbayCallbackQuery },
  'POST /api/ebay/sync': { answer: EbayAccount },
  'GET /api/ebay/reconciliations': { answer: EbayReconciliationList },
  'POST /api/ebay/reconciliations': { answer: EbayReconciliation },
  // svc-channels: the fake eBay's demo-only routes (its eBay paths take eBay's bodies and answer eBay's errors)
  'POST /demo/ebay/orders': { body: DemoEbayPurchase, answer: DemoEbayOrder },
  'POST /demo/ebay/orders/:orderId/cancel': { params: DemoEbayOrderParams, answer: DemoEbayOrder },
} satisfies { [K in RouteName]?: RouteSchemas };

type Schemas = typeof ROUTE_SCHEMAS;

/** A route with its schemas: what a service registers (platform's `serve`) and a typed client calls. */
export type Endpoint<K extends RouteName> = (typeof ROUTES)[K] &
  (K extends keyof Schemas ? Schemas[K] : Record<never, never>);

/** The route named `METHOD /path`, with its schemas. */
export function endpoint<K extends RouteName>(name: K): Endpoint<K> {
  const schemas = (ROUTE_SCHEMAS as Partial<Record<RouteName, RouteSchemas>>)[name];
  return { ...(ROUTES[name] as Route), ...schemas } as Endpoint<K>;
}
