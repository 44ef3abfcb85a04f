import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_NAMESPACE } from '../dialogI18n';
import type { PricedLine } from '../cart';
import type { Shipping } from './usePricedCart';
import { DialogHead } from './DialogHead';
import { DiscountField } from './DiscountField';
import type { Discount } from './useDiscount';
import { GiftCardField } from './GiftCardField';
import type { GiftCardState } from './useGiftCard';
import { formatCents } from '@edicola/web-kit';
import { lineGrossCents, unitGrossCents } from '../pricing';
import { ZONES, type Zone } from '../shipping';
import { eurosToCents } from '@edicola/contracts';

interface CartStepProps {
  titleId: string;
  lines: PricedLine[];
  /** The stored cart is being checked against the catalogue. */
  loading: boolean;
  notices: { updated: boolean; dropped: boolean; corrupted: boolean };
  stockNotice: string;
  zone: Zone;
  onZone: (zone: Zone) => void;
  subtotal: number;
  /** null while the quote is being asked for. */
  shipping: Shipping | null;
  /** The discount code, as the server answered it (docs/product/cart-and-checkout.md#discount-codes). */
  discount: Discount;
  /** The gift card and its balance (docs/product/cart-and-checkout.md#gift-cards). */
  giftCard: GiftCardState;
  onQuantity: (articleId: string, quantity: number) => void;
  onRemove: (articleId: string) => void;
  onContinueShopping: () => void;
  /**
   * 'Vai al Checkout' (docs/product/cart-and-checkout.md#vai-al-checkout): to /prodotti, where the checkout
   * opens a moment later.
   */
  onGoToCheckout?: () => void;
  onProceed: () => void;
  onClose: () => void;
}

/**
 * The cart modal (docs/product/cart-and-checkout.md#cart-modal): lines, shipping zone, summary, 'Continua
 * Shopping' and 'Procedi al Pagamento'.
 */
export function CartStep(props: CartStepProps) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const zoneId = useId();
  const warningId = useId();
  const { lines, shipping, subtotal, discount, giftCard } = props;
  const shippingCents = discount.freeShipping ? 0 : (shipping?.cents ?? 0);
  const totalCents = subtotal - discount.cents + shippingCents;
  // The card pays what its balance covers; the total (and its VAT) stays the order's.
  const giftCardCents = Math.min(giftCard.balanceCents, totalCents);
  const empty = lines.length === 0;

  return (
    <>
      <DialogHead titleId={props.titleId} title={t('cart.title')} onClose={props.onClose} />
      <div className="cko-body">
        {props.notices.updated && !empty && <p className="cko-notice">{t('cart.updated')}</p>}
        {props.notices.dropped && !empty && <p className="cko-notice">{t('cart.dropped')}</p>}
        {props.stockNotice && (
          <p className="cko-notice cko-warning" role="alert">
            {props.stockNotice}
          </p>
        )}
        {props.loading ? (
          <p role="status">{t('cart.loading')}</p>
        ) : empty ? (
          <p className="cko-empty" role="status">
            {props.notices.corrupted ? t('cart.corrupted') : t('cart.empty')}
          </p>
        ) : (
          <>
            <ul className="cko-lines">
              {lines.map((line) => (
                <CartLineItem key={line.article_id} line={line} {...props} />
              ))}
            </ul>
            <div className="cko-field">
              <label htmlFor={zoneId}>{t('cart.zone')}</label>
              <select
                id={zoneId}
                value={props.zone}
                aria-describedby={props.zone === 'intercontinental' ? warningId : undefined}
                onChange={(event) => props.onZone(event.target.value as Zone)}
              >
                {ZONES.map((zone) => (
                  <option key={zone} value={zone}>
                    {t(`cart.zones.${zone}`)}
                  </option>
                ))}
              </select>
            </div>
            {props.zone === 'intercontinental' && (
              <p id={warningId} className="cko-notice cko-warning" data-testid="intercontinental-warning">
                {t('cart.intercontinentalWarning')}
              </p>
            )}
            <DiscountField discount={discount} />
            <GiftCardField giftCard={giftCard} />
            <dl className="cko-summary">
              <div>
                <dt>{t('cart.subtotal')}</dt>
                <dd data-testid="cart-subtotal">{formatCents(subtotal)}</dd>
              </div>
              {discount.applied && discount.cents > 0 && (
                <div>
                  <dt>{t('discount.line', { code: discount.applied.code })}</dt>
                  <dd data-testid="cart-discount">−{formatCents(discount.cents)}</dd>
                </div>
              )}
              {discount.applied?.free_shipping && (
                <p className="cko-hint" data-testid="cart-free-shipping">
                  {t('discount.freeShipping', { code: discount.applied.code })}
                </p>
              )}
              {shipping === null ? (
                <div>
                  <dt>{t('cart.shipping')}</dt>
                  <dd role="status">{t('cart.shippingLoading')}</dd>
                </div>
              ) : (
                shippingCents > 0 && (
                  <div>
                    <dt>{t('cart.shipping')}</dt>
                    <dd data-testid="cart-shipping">{formatCents(shippingCents)}</dd>
                  </div>
                )
              )}
              {shipping?.estimate && <p className="cko-hint">{t('cart.shippingEstimate')}</p>}
              <div className="cko-summary-total">
                <dt>{t('cart.total')}</dt>
                <dd data-testid="cart-total">{formatCents(totalCents)}</dd>
              </div>
              {giftCardCents > 0 && (
                <>
                  <div>
                    <dt>{t('giftCard.line')}</dt>
                    <dd data-testid="cart-gift-card">−{formatCents(giftCardCents)}</dd>
                  </div>
                  <div className="cko-summary-total">
                    <dt>{t('giftCard.due')}</dt>
                    <dd data-testid="cart-due">{formatCents(totalCents - giftCardCents)}</dd>
                  </div>
                </>
              )}
            </dl>
          </>
        )}
      </div>
      <div className="cko-actions">
        <button type="button" className="cko-secondary" onClick={props.onContinueShopping}>
          {t('cart.continueShopping')}
        </button>
        {!empty && !props.loading && props.onGoToCheckout && (
          <button type="button" className="cko-secondary" onClick={props.onGoToCheckout}>
            {t('cart.goToCheckout')}
          </button>
        )}
        {!empty && !props.loading && (
          <button type="button" className="cko-primary" onClick={props.onProceed}>
            {t('cart.proceed')}
          </button>
        )}
      </div>
    </>
  );
}

function CartLineItem({
  line,
  onQuantity,
  onRemove,
}: { line: PricedLine } & Pick<CartStepProps, 'onQuantity' | 'onRemove'>) {
  const { t } = useTranslation(DIALOG_NAMESPACE);
  const { title, price, iva_percentage } = line.article;
  const net = formatCents(eurosToCents(price));
  const gross = formatCents(unitGrossCents(line));
  return (
    <li className="cko-line" data-testid="cart-line">
      <div className="cko-line-text">
        <p className="cko-line-title">{title}</p>
        <p className="cko-line-price">
          {iva_percentage === 0
            ? t('cart.priceLineExempt', { net, gross })
            : t('cart.priceLine', { net, rate: iva_percentage, gross })}
        </p>
      </div>
      <div className="cko-line-controls">
        <button
          type="button"
          className="cko-step"
          aria-label={t('cart.decrease', { title })}
          onClick={() => onQuantity(line.article_id, line.quantity - 1)}
        >
          −
        </button>
        <span className="cko-qty">
          <span className="cko-visually-hidden">{t('cart.quantity')}: </span>
          <span data-testid="line-quantity">{line.quantity}</span>
        </span>
        <button
          type="button"
          className="cko-step"
          aria-label={t('cart.increase', { title })}
          onClick={() => onQuantity(line.article_id, line.quantity + 1)}
        >
          +
        </button>
        <button
          type="button"
          className="cko-remove"
          aria-label={t('cart.remove', { title })}
          onClick={() => onRemove(line.article_id)}
        >
          {t('cart.removeShort')}
        </button>
      </div>
      <p className="cko-line-total">{formatCents(lineGrossCents(line))}</p>
    </li>
  );
}
