/** The folder names a folder field suggests (its input names list="folder-names"). */
export function FolderNames({ folders }: { folders: readonly string[] }) {
  return (
    <datalist id="folder-names">
      {folders.map((folder) => (
        <option key={folder} value={folder} />
      ))}
    </datalist>
  );
}
