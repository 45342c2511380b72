import { useDebounced, useStudentPicker } from '@fahrwerk/core';
import { ComboBox } from '@fahrwerk/ui';
import { useState } from 'react';
import type { StudentListItem } from '../api/theory-queries';

export type StudentSearchProps = {
  label: string;
  placeholder?: string;
  /** The student chosen (or `null` when cleared). */
  onChange: (student: StudentListItem | null) => void;
};

/** A student by name (`POST /students-filter/filter`: only the students the user may see). */
export function StudentSearch({ label, placeholder, onChange }: StudentSearchProps) {
  const [search, setSearch] = useState('');
  const found = useStudentPicker(useDebounced(search, 250), { size: 20 });
  const rows = found.data ?? [];
  return (
    <ComboBox
      label={label}
      placeholder={placeholder}
      items={rows.map((row) => ({ id: row.id, label: `${row.firstName} ${row.lastName}` }))}
      onInputChange={(text) =>
        setSearch(rows.some((row) => `${row.firstName} ${row.lastName}` === text) ? '' : text)
      }
      onSelectionChange={(key) => onChange(rows.find((row) => row.id === key) ?? null)}
    />
  );
}
