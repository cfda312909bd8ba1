export default function CategoryListing() {
  return <h1>Category</h1>;
}
