// What the guest chose so far, shared by the search, results and listing views.

export const state = {
  location: null,
  checkin: null,
  checkout: null,
  guests: { adults: 2, children: 0, infants: 0 },
  price: {},
  roomTypes: [],
  // The filter panel's choices (filters.js): flags, minimum rooms, amenity codes.
  more: {},
  sort: 'recommended',
  results: null,
};

export function filters() {
  return {
    locationId: state.location?.id,
    checkin: state.checkin && state.checkout ? state.checkin : undefined,
    checkout: state.checkin && state.checkout ? state.checkout : undefined,
    ...state.guests,
    roomType: state.roomTypes.length ? state.roomTypes.join(',') : undefined,
    amenities: state.more.amenities?.join(','),
    instantBook: state.more.instantBook,
    superhost: state.more.superhost,
    // The API refuses freeCancellation without dates (it depends on the check-in).
    freeCancellation: state.checkin && state.checkout ? state.more.freeCancellation : undefined,
    minBedrooms: state.more.minBedrooms,
    minBeds: state.more.minBeds,
    minBathrooms: state.more.minBathrooms,
  };
}
