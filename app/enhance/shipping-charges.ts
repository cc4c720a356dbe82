/**
 * `data-enhance="shipping-charges"` on the checkout (app/components/account/shipping-charges.tsx):
 * choosing a governorate fills every `data-charge` slot again from the fee its option carries
 * (`data-fee`, piastres, already 0 when the items ship free) and the element's `data-items` and
 * `data-cod-fee`: a price, or the slot's own words for a free fee (`data-free`) or an unknown one
 * (`data-unknown`, the empty choice while fees differ). The hidden fields among the slots carry
 * the shown shipping price with the form. The server rules on every amount; this only adds up
 * the ones it put in the page.
 */
import { CURRENCY } from '../../contracts/constants.ts';

const pounds = (piastres: number) => (piastres / 100).toFixed(2);

export function shippingCharges(element: HTMLElement) {
  const select = element.querySelector<HTMLSelectElement>('select[name="shippingCity"]');
  if (!select) return;
  const items = Number(element.dataset.items);
  const codFee = Number(element.dataset.codFee);

  function show() {
    const fee = select!.selectedOptions[0]?.dataset.fee;
    const known = fee !== undefined;
    const piastres = Number(fee);
    const amounts: Record<string, number> = {
      fee: piastres,
      cash: piastres + codFee,
      card: piastres,
      'total-cash': items + piastres + codFee,
      'total-card': items + piastres,
    };
    element.querySelectorAll<HTMLElement>('[data-charge]').forEach((slot) => {
      const amount = amounts[slot.dataset.charge!]!;
      if (slot instanceof HTMLInputElement) {
        slot.value = known ? pounds(amount) : '';
        return;
      }
      if (!known) return slot.replaceChildren(slot.dataset.unknown!);
      if (amount === 0 && slot.dataset.free) return slot.replaceChildren(slot.dataset.free);
      const price = document.createElement('bdi');
      price.dir = 'ltr';
      price.className = slot.dataset.priceClass!;
      price.textContent = `${pounds(amount)} ${CURRENCY}`;
      slot.replaceChildren(price);
    });
  }

  select.addEventListener('change', show);
  // A browser that restored the form's choices (back to the page) shows their amounts.
  show();
}
