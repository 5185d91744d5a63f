// Transfers to connected accounts ("separate charges and transfers"), which Stripe refuses when
// the destination is not ready or the source charge has too little left; their reversals
// (money taken back from the connected account, never more than is left); and their lists.
import { available } from "./books.js";
import { formatMoney, type Core, type EventOrigin } from "./core.js";
import { errors, type Reader } from "./forms.js";
import { listPage } from "./lists.js";
import { base, randomId, type Transfer, type TransferReversal } from "./state.js";

/** What is left of a charge to transfer: its amount less refunds and earlier transfers. */
function transferable(core: Core, chargeId: string) {
  const charge = core.store.data.charges[chargeId]!;
  const transferred = Object.values(core.store.data.transfers)
    .filter((t) => t.source_transaction === chargeId)
    .reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
  return charge.amount - charge.amount_refunded - transferred;
}

export function createTransfer(core: Core, r: Reader, origin: EventOrigin): Transfer {
  r.only(
    "amount",
    "currency",
    "destination",
    "transfer_group",
    "source_transaction",
    "metadata",
    "description",
  );
  const amount = r.integer("amount", { required: true, min: 1 })!;
  const currency = r.required("currency").toLowerCase();
  const destinationId = r.required("destination");
  const metadata = r.metadata();
  const sourceId = r.string("source_transaction") ?? null;
  const destination = core.store.data.accounts[destinationId];
  if (!destination) throw errors.notFound("destination", destinationId, "destination");
  if (destination.capabilities.transfers !== "active") {
    throw errors.refused(
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      "insufficient_capabilities_for_transfer",
      "destination",
    );
  }
  if (sourceId) {
    const charge = core.store.data.charges[sourceId];
    if (!charge) throw errors.notFound("charge", sourceId, "source_transaction");
    if (charge.status !== "succeeded") {
      throw errors.refused(
        `The source transaction ${sourceId} has not succeeded.`,
        "charge_not_refundable",
        "source_transaction",
      );
    }
    if (charge.currency !== currency) {
      throw errors.invalid(
        `The currency must match the source transaction's (${charge.currency}).`,
        "currency",
      );
    }
    const left = transferable(core, sourceId);
    if (amount > left) {
      throw errors.refused(
        `Insufficient funds in the source transaction ${sourceId}: ${formatMoney(left, currency)} remains to transfer.`,
        "balance_insufficient",
        "amount",
      );
    }
  } else if (amount > available(core)) {
    throw errors.refused(
      "You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.",
      "balance_insufficient",
      "amount",
    );
  }
  const transfer: Transfer = {
    ...base("transfer", "tr_"),
    amount,
    amount_reversed: 0,
    balance_transaction: randomId("txn_"),
    currency,
    description: r.string("description") ?? null,
    destination: destinationId,
    destination_payment: randomId("py_"),
    metadata,
    reversals: { object: "list", data: [], has_more: false, total_count: 0, url: "" },
    reversed: false,
    source_transaction: sourceId,
    source_type: "card",
    transfer_group: r.string("transfer_group") ?? null,
  };
  (transfer.reversals as { url: string }).url = `/v1/transfers/${transfer.id}/reversals`;
  core.store.data.transfers[transfer.id] = transfer;
  core.webhooks.emit("transfer.created", transfer, origin);
  core.store.changed();
  return transfer;
}

export function getTransfer(core: Core, id: string, param = "id"): Transfer {
  const transfer = core.store.data.transfers[id];
  if (!transfer) throw errors.notFound("transfer", id, param);
  return transfer;
}

/** `POST /v1/transfers/:id/reversals`: all that is left by default, or `amount`. */
export function createReversal(
  core: Core,
  id: string,
  r: Reader,
  origin: EventOrigin,
): TransferReversal {
  r.only("amount", "metadata", "description", "refund_application_fee");
  const transfer = getTransfer(core, id);
  const left = transfer.amount - transfer.amount_reversed;
  const amount = r.integer("amount", { min: 1 }) ?? left;
  const metadata = r.metadata();
  if (amount > accountBalance(core, transfer.destination) && left > 0) {
    throw errors.refused(
      `Insufficient funds in the connected account ${transfer.destination} to reverse ${formatMoney(amount, transfer.currency)}: it was paid out to its bank.`,
      "balance_insufficient",
      "amount",
    );
  }
  if (left === 0) {
    throw errors.refused(
      `Transfer ${id} has already been fully reversed.`,
      "transfer_already_reversed",
    );
  }
  if (amount > left) {
    throw errors.refused(
      `Reversal amount (${formatMoney(amount, transfer.currency)}) is greater than the amount left on transfer ${id} (${formatMoney(left, transfer.currency)}).`,
      "amount_too_large",
      "amount",
    );
  }
  const reversal: TransferReversal = {
    ...base("transfer_reversal", "trr_"),
    amount,
    balance_transaction: randomId("txn_"),
    currency: transfer.currency,
    destination_payment_refund: randomId("pyr_"),
    metadata,
    source_refund: null,
    transfer: id,
  };
  core.store.data.reversals[reversal.id] = reversal;
  const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
  transfer.amount_reversed += amount;
  transfer.reversed = transfer.amount_reversed === transfer.amount;
  const reversals = reversalsOf(core, id);
  transfer.reversals = {
    object: "list",
    data: reversals.slice(0, 10),
    has_more: reversals.length > 10,
    total_count: reversals.length,
    url: `/v1/transfers/${id}/reversals`,
  };
  core.webhooks.emit("transfer.reversed", transfer, origin);
  core.webhooks.emit("transfer.updated", transfer, { ...origin, previous_attributes: previous });
  core.store.changed();
  return reversal;
}

/** What a connected account still holds: transfers in, less reversals and what it withdrew. */
export function accountBalance(core: Core, accountId: string): number {
  const account = core.store.data.accounts[accountId];
  const received = Object.values(core.store.data.transfers)
    .filter((t) => t.destination === accountId)
    .reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
  return received - (account?.withdrawn ?? 0);
}

/** The creator pays everything out to their bank (test control), as a payout would. */
export function withdrawAll(core: Core, accountId: string) {
  const account = core.store.data.accounts[accountId];
  if (!account) throw errors.notFound("account", accountId);
  account.withdrawn = (account.withdrawn ?? 0) + accountBalance(core, accountId);
  core.store.changed();
  return { id: accountId, withdrawn: account.withdrawn };
}

/** A transfer's reversals, newest first. */
function reversalsOf(core: Core, id: string) {
  return Object.values(core.store.data.reversals)
    .filter((r) => r.transfer === id)
    .reverse();
}

export function listReversals(core: Core, id: string, r: Reader) {
  r.only("limit", "starting_after");
  getTransfer(core, id);
  const reversals = Object.values(core.store.data.reversals).filter((x) => x.transfer === id);
  return listPage(r, reversals, `/v1/transfers/${id}/reversals`);
}

/** `GET /v1/transfers`, filtered by `transfer_group` or `destination`. */
export function listTransfers(core: Core, r: Reader) {
  r.only("transfer_group", "destination", "limit", "starting_after");
  const group = r.string("transfer_group");
  const destination = r.string("destination");
  const transfers = Object.values(core.store.data.transfers).filter(
    (t) =>
      (!group || t.transfer_group === group) && (!destination || t.destination === destination),
  );
  return listPage(r, transfers, "/v1/transfers");
}
