// The stand-in's own account of where each charge's money went — refunds by state, transfers
// less their reversals, disputes open and lost — and the platform's balance. It is the
// independent model tests check the app's ledger against.
import type { Core } from "./core.js";
import type { Dispute, Refund, Transfer, TransferReversal } from "./state.js";

export interface ChargeBook {
  id: string;
  payment_intent: string | null;
  amount: number;
  currency: string;
  refundedSucceeded: number;
  refundPending: number;
  refundFailed: number;
  /** Transfers out of this charge (source_transaction) less their reversals. */
  transferred: number;
  /** Under a dispute not yet closed. */
  disputeOpen: number;
  /** Lost to chargebacks. */
  lost: number;
  refunds: Refund[];
  transfers: Transfer[];
  reversals: TransferReversal[];
  disputes: Dispute[];
}

export interface Books {
  charges: ChargeBook[];
  /** The platform's available balance in usd, cents. */
  availableCents: number;
}

const sum = <T>(items: T[], amount: (item: T) => number) =>
  items.reduce((total, item) => total + amount(item), 0);

/** Every succeeded charge (money actually collected), oldest first. */
export function books(core: Core): Books {
  const state = core.store.data;
  const charges = Object.values(state.charges)
    .filter((charge) => charge.status === "succeeded")
    .map((charge): ChargeBook => {
      const refunds = Object.values(state.refunds).filter((r) => r.charge === charge.id);
      const transfers = Object.values(state.transfers).filter(
        (t) => t.source_transaction === charge.id,
      );
      const ids = new Set(transfers.map((t) => t.id));
      const reversals = Object.values(state.reversals).filter((r) => ids.has(r.transfer));
      const disputes = Object.values(state.disputes).filter((d) => d.charge === charge.id);
      const refunded = (status: Refund["status"]) =>
        sum(refunds, (r) => (r.status === status ? r.amount : 0));
      return {
        id: charge.id,
        payment_intent: charge.payment_intent,
        amount: charge.amount,
        currency: charge.currency,
        refundedSucceeded: refunded("succeeded"),
        refundPending: refunded("pending"),
        refundFailed: refunded("failed"),
        transferred: sum(transfers, (t) => t.amount - t.amount_reversed),
        disputeOpen: sum(disputes, (d) =>
          d.status === "won" || d.status === "lost" ? 0 : d.amount,
        ),
        lost: sum(disputes, (d) => (d.status === "lost" ? d.amount : 0)),
        refunds,
        transfers,
        reversals,
        disputes,
      };
    });
  return { charges, availableCents: available(core) };
}

/**
 * The platform's available usd: collected charges less refunds (pending ones too: Stripe takes
 * them at once), transfers not reversed, and disputed money not reinstated. (Stripe's fees and
 * payout delays are left out: the product pays fees separately.)
 */
export function available(core: Core): number {
  const { charges, refunds, transfers, disputes } = core.store.data;
  const usd = <T extends { currency: string }>(items: Record<string, T>) =>
    Object.values(items).filter((item) => item.currency === "usd");
  return (
    sum(usd(charges), (c) => (c.status === "succeeded" ? c.amount : 0)) -
    sum(usd(refunds), (r) => (r.status === "pending" || r.status === "succeeded" ? r.amount : 0)) -
    sum(usd(transfers), (t) => t.amount - t.amount_reversed) -
    sum(usd(disputes), (d) => (d.status === "won" ? 0 : d.amount))
  );
}

/** `GET /v1/balance`: the platform's own balance. */
export function balanceObject(core: Core) {
  const amount = available(core);
  return {
    object: "balance",
    available: [{ amount, currency: "usd", source_types: { card: amount } }],
    connect_reserved: [{ amount: 0, currency: "usd" }],
    livemode: false,
    pending: [{ amount: 0, currency: "usd", source_types: { card: 0 } }],
  };
}
