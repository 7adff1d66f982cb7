/** STUB — replaced by its owner. */
export default function WebhooksPage() {
  return null;
}
