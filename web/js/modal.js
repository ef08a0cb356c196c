// A dialog over the page (the fix, the round's end): closed by its owner, or by a tap outside its box.
export function openModal({ className = "", label = "", onClose }) {
  const modal = document.createElement("div");
  modal.className = `modal ${className}`.trim();
  modal.setAttribute("role", "dialog");
  if (label) modal.setAttribute("aria-label", label);
  modal.addEventListener("click", (ev) => {
    if (ev.target === modal) onClose();
  });
  document.body.appendChild(modal);
  return modal;
}
