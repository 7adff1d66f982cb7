/** STUB — replaced by its owner. */
export default function BillingPage() {
  return null;
}
