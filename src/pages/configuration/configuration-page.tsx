/** STUB — replaced by its owner. */
export default function ConfigurationPage() {
  return null;
}
