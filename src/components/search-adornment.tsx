/** The magnifier at the start of every list's search field: `slotProps={{ input: { startAdornment: searchAdornment } }}`. */
import InputAdornment from '@mui/material/InputAdornment';
import SearchIcon from '@mui/icons-material/Search';

export const searchAdornment = (
  <InputAdornment position="start">
    <SearchIcon fontSize="small" />
  </InputAdornment>
);
